import type { Segment } from '@call-insights/contracts/transcript';
import { describe, expect, it } from 'vitest';
import { detectRepSpeaker } from './speakers.js';

const call = (...turns: [string, string][]): Segment[] =>
  turns.map(([speaker, text], i) => ({ speaker, text, start: i * 5, end: i * 5 + 4 }));
/** Questions asked per speaker, as the analyzer counts them (here: sentences ending with "?"). */
function rep(segments: Segment[]) {
  const asked = new Map<string, number>();
  for (const s of segments)
    asked.set(s.speaker, (asked.get(s.speaker) ?? 0) + (s.text.match(/\?/g)?.length ?? 0));
  return detectRepSpeaker(segments, asked);
}

describe('who the rep is', () => {
  it('is the one who introduces himself with a company on an outbound call', () => {
    expect(
      rep(
        call(
          ['Speaker 1', 'Hello?'],
          ['Speaker 2', "Hi, it's Nate from TrackPoint, we help fleets track their vans."],
          ['Speaker 1', 'Okay, go ahead.'],
        ),
      ),
    ).toBe('Speaker 2');
  });

  it('is the one who takes an inbound call, even when the caller names his own company', () => {
    expect(
      rep(
        call(
          [
            'Speaker 1',
            "Yeah hi, this is Tony from Tony's Tile, I got a message from somebody at your office?",
          ],
          ['Speaker 2', 'Hi Tony, thanks for calling back. This is Marisol at Ledgerline Bookkeeping.'],
          ['Speaker 1', "Right. I haven't touched the books since March."],
        ),
      ),
    ).toBe('Speaker 2');
    expect(
      rep(
        call(
          ['Speaker 1', 'Bonjour, cabinet Roche, je vous appelle parce que j’ai vu votre annonce.'],
          ['Speaker 2', 'Bonjour, service client Dentalia, Inès à l’appareil.'],
        ),
      ),
    ).toBe('Speaker 2');
  });

  it('is not the prospect who picks up for his own business and listens', () => {
    expect(
      rep(
        call(
          ['Speaker 1', 'Restaurant Le Comptoir, bonjour.'],
          ['Speaker 2', "Bonjour, Léa de l'agence Pixelo, est-ce que je pourrais parler au gérant ?"],
          ['Speaker 1', "C'est moi, je vous écoute."],
          ['Speaker 2', 'On gère les réseaux sociaux des restaurants.'],
        ),
      ),
    ).toBe('Speaker 2');
  });

  it('follows role labels first', () => {
    expect(rep(call(['Customer', 'Thanks for calling, how can I help?'], ['Agent', 'Hi.']))).toBe('Agent');
  });

  it('reads an introduction written without capitals, as speech-to-text writes it', () => {
    expect(
      rep(
        call(
          ['Speaker 1', 'hi this is dana from brightline windows is this mister cole'],
          ['Speaker 0', 'yeah this is mark'],
          ['Speaker 1', 'you asked for a quote on our site so i wanted to follow up'],
          [
            'Speaker 0',
            'right so uh the upstairs windows leak every time it rains how much is that? do you do weekends?',
          ],
        ),
      ),
    ).toBe('Speaker 1');
  });

  it('does not take a prospect\'s "thanks for calling" after a seller\'s introduction for the business', () => {
    expect(
      rep(
        call(
          [
            'Speaker 0',
            'Hi, Mrs. Patel? This is Owen from Clearwater Pools, about your request for a quote.',
          ],
          ['Speaker 1', 'Yes, thanks for calling. The pump is loud and the water keeps turning green.'],
          ['Speaker 0', 'That usually means the filter. Is it a sand filter?'],
        ),
      ),
    ).toBe('Speaker 0');
  });

  it("is the one who answers the phone in a business's name", () => {
    expect(
      rep(
        call(
          ['Speaker 0', 'Good afternoon, Harbor Dental Care, this is Mia.'],
          ['Speaker 1', "Hi, I'm calling about a cleaning, do you take new patients? What does it cost?"],
          ['Speaker 0', 'We do. Do you have insurance?'],
          ['Speaker 1', 'No, and my last dentist kept adding fees. Can you tell me the price up front?'],
        ),
      ),
    ).toBe('Speaker 0');
  });
});
