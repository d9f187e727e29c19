import { describe, expect, it } from 'vitest';
import { canonicalAddress, isPublicAddress } from './address-policy.js';

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '2a00:1450:4007:80f::200e',
    '::ffff:8.8.8.8',
  ])('allows public %s', (address) => expect(isPublicAddress(address)).toBe(true));

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata (link-local)'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd00:ec2::254', 'AWS metadata over IPv6 (unique local)'],
    ['fc00::1', 'unique local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'Alibaba metadata (carrier-grade NAT)'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'IPv6 unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'IPv6 multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.0.192', 'Oracle metadata (IETF reserved)'],
    ['198.18.0.1', 'benchmarking'],
    ['240.0.0.1', 'reserved'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['::2', 'unassigned IPv6'],
    ['not-an-ip', 'garbage'],
  ])('refuses %s (%s)', (address) => expect(isPublicAddress(address)).toBe(false));
});

describe('canonicalAddress', () => {
  it('unwraps IPv4-mapped IPv6', () => {
    expect(canonicalAddress('::ffff:127.0.0.1')).toEqual({ address: '127.0.0.1', family: 4 });
    expect(canonicalAddress('2001:db8::1')).toEqual({ address: '2001:db8::1', family: 6 });
  });
});
