/**
 * Redaction: what is removed, what is kept, and the label left in its place. Card numbers below
 * are the card networks' published test numbers (Luhn-valid); the SIN 046 454 286 is the
 * Government of Canada's documented sample; checksums worked out by hand where noted.
 */
import { describe, expect, it } from 'vitest';
import { luhnValid, redactSegments, redactText } from './redaction.js';

describe('Luhn', () => {
  it('accepts valid numbers and refuses a changed digit', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    // 4111111111111112: the last digit moves the sum from 30 to 31 → invalid.
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('046454286')).toBe(true);
    expect(luhnValid('')).toBe(false);
  });
});

describe('redactText', () => {
  it('removes a card number said in figures, with spaces or dashes', () => {
    expect(redactText('Sure, it is 4111 1111 1111 1111, expiring in May.').text).toBe(
      'Sure, it is [card number], expiring in May.',
    );
    expect(redactText('card 5500-0000-0000-0004 please').text).toBe('card [card number] please');
    expect(redactText('amex 378282246310005 ok').removed.card).toBe(1);
  });

  it('removes a card number said digit by digit in words', () => {
    const said = 'my card is four one one one one one one one one one one one one one one one thanks';
    expect(redactText(said).text).toBe('my card is [card number] thanks');
  });

  it('keeps numbers that fail the checksum, prices, dates and quantities', () => {
    for (const text of [
      'The order 4111 1111 1111 1112 shipped.',
      'It is two hundred ninety nine dollars per month.',
      'We have 15 employees and started in 2019.',
      'Call me back at 3:30 on March 4.',
      'Invoice 123456789 is overdue.',
    ]) {
      expect(redactText(text).text).toBe(text);
    }
  });

  it('removes US social security numbers in their written form or when named', () => {
    expect(redactText('SSN 123-45-6789 on file').text).toBe('SSN [social security number] on file');
    expect(redactText('my social security number is 123 45 6789').removed.ssn).toBe(1);
    // Area 000 is never issued: not an SSN.
    expect(redactText('ref 000-12-3456').text).toBe('ref 000-12-3456');
  });

  it('removes Canadian social insurance numbers (Luhn-valid, grouped 3-3-3 or named)', () => {
    expect(redactText('mon NAS est 046 454 286, merci', { language: 'fr' }).text).toBe(
      "mon NAS est [numéro d'assurance sociale], merci",
    );
    expect(redactText('SIN: 046454286').removed.sin).toBe(1);
    // 046 454 287 fails Luhn → kept.
    expect(redactText('code 046 454 287').text).toBe('code 046 454 287');
  });

  it('removes e-mail addresses and phone numbers only when asked', () => {
    const text = 'Write to jane.doe@example.com or call (415) 555-2671.';
    expect(redactText(text).text).toBe(text);
    expect(redactText(text, { emails: true }).text).toBe('Write to [email] or call (415) 555-2671.');
    expect(redactText(text, { emails: true, phones: true }).text).toBe(
      'Write to [email] or call [phone number].',
    );
  });

  it('labels in French for French transcripts', () => {
    expect(redactText('la carte 4111 1111 1111 1111', { language: 'fr' }).text).toBe(
      'la carte [numéro de carte]',
    );
  });
});

describe('redactSegments', () => {
  it('redacts each segment and counts what was removed', () => {
    const { segments, removed } = redactSegments([
      { speaker: 'A', start: 0, end: 1, text: 'Card 4111 1111 1111 1111.' },
      { speaker: 'B', start: 1, end: 2, text: 'Thanks.' },
    ]);
    expect(segments.map((s) => s.text)).toEqual(['Card [card number].', 'Thanks.']);
    expect(removed.card).toBe(1);
  });
});
