// Which network addresses server-side fetches may reach. Owns the SSRF address rule: only public
// unicast addresses; loopback, private, link-local (cloud metadata lives there), carrier-grade NAT,
// unique-local, multicast, reserved and transition ranges are refused, including IPv4 addresses
// wrapped in IPv6 (::ffff:127.0.0.1).
import ipaddr from 'ipaddr.js';

export type AddressFamily = 4 | 6;

export type AddressTarget = {
  /** The resolved IP address (IPv4-mapped IPv6 already unwrapped to IPv4). */
  address: string;
  family: AddressFamily;
  /** The host name from the URL (or the IP literal itself). */
  hostname: string;
  port: number;
};

/** Decides whether a fetch may connect to a resolved address; true = allowed. */
export type AddressPolicy = (target: AddressTarget) => boolean;

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** True only for globally routable unicast addresses. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.range() === 'unicast';
  // ipaddr.js calls everything it has no name for "unicast", including unassigned space such as
  // ::2, so IPv6 must also sit in the global unicast block.
  return ip.range() === 'unicast' && ip.match(GLOBAL_UNICAST_V6);
}

/** The production policy. */
export const publicAddressesOnly: AddressPolicy = (target) => isPublicAddress(target.address);

/** Tests only: the local servers they talk to live on 127.0.0.1. */
export const anyAddress: AddressPolicy = () => true;

/** Unwraps ::ffff:a.b.c.d to a.b.c.d so policies see the address that is really reached. */
export function canonicalAddress(address: string): { address: string; family: AddressFamily } {
  const ip = ipaddr.process(address);
  return { address: ip.toString(), family: ip.kind() === 'ipv4' ? 4 : 6 };
}
