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
  it('is the business that answers when the caller calls about its service, with or without a greeting', () => {
    expect(
      rep(
        call(
          ['Speaker 1', 'Maple Street Bakery, this is Jo.'],
          ['Speaker 2', "Hi, um, I'm calling about a cake for Saturday? How much would that be?"],
          ['Speaker 1', 'Sure. How many people?'],
        ),
      ),
    ).toBe('Speaker 1');
    expect(
      rep(
        call(
          ['Speaker 0', 'green valley plumbing this is sam'],
          [
            'Speaker 1',
            'hi yeah we got your number from a neighbor is there any chance you do water heaters',
          ],
          ['Speaker 0', 'we do what kind do you have now'],
        ),
      ),
    ).toBe('Speaker 0');
  });

  it('is the caller who introduces a company to a business that answered (the business is the prospect)', () => {
    expect(
      rep(
        call(
          ['Speaker 1', 'Harbor Dental, Kim speaking.'],
          ['Speaker 2', "Hi Kim, I'm calling from BrightDesk. We answer the phones for dental offices."],
          ['Speaker 1', 'What would that cost us?'],
        ),
      ),
    ).toBe('Speaker 2');
    expect(
      rep(
        call(
          ['Speaker 1', 'Delmar Hardware, this is Ray.'],
          [
            'Speaker 2',
            'Hi Ray, Lena Ortiz, Summit Signs. We have a storefront package that fits your window.',
          ],
          ['Speaker 1', 'Which window? The big one?'],
        ),
      ),
    ).toBe('Speaker 2');
  });

  it('reads an unpunctuated "its <name> from <company>" in the first turn and "I own <company>" as introductions', () => {
    expect(
      rep(
        call(
          ['Speaker 0', 'hi is this dana at northpoint its lee from ledgerly'],
          ['Speaker 1', 'yeah this is dana who did you say you were with and what is it about'],
        ),
      ),
    ).toBe('Speaker 0');
    expect(
      rep(
        call(
          ['Speaker 0', 'Is this Dana Ruiz?'],
          ['Speaker 1', "It is. Who's calling?"],
          [
            'Speaker 0',
            'Dana, my name is Lee Park, I own Clearway Gutters. What do you need cleared this fall?',
          ],
          ['Speaker 1', 'What does it cost?'],
        ),
      ),
    ).toBe('Speaker 0');
  });

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

  it('reads a business name holding lower-case words, and a name then a greeting, as the business answering', () => {
    expect(
      rep(
        call(
          ['Speaker 1', 'Brightwater pools and spas, this is Omar.'],
          ['Speaker 2', 'Hi. The pump on our hot tub keeps tripping the breaker. Do you fix those?'],
          ['Speaker 2', 'We bought it used.'],
          ['Speaker 1', 'Sure.'],
        ),
      ),
    ).toBe('Speaker 1');
    expect(
      rep(
        call(
          ['Speaker 0', 'Fromagerie des Quatre Vents, bonjour !'],
          ['Speaker 1', 'Bonjour, je voudrais savoir si vous livrez les plateaux pour un mariage.'],
          ['Speaker 1', 'Nous serons quatre-vingts.'],
          ['Speaker 0', 'Oui.'],
        ),
      ),
    ).toBe('Speaker 0');
    expect(
      rep(
        call(
          ['Speaker 0', 'Garage Perrin, bonjour, Lucie à votre écoute.'],
          ['Speaker 1', 'Oui bonjour, ma voiture fait un bruit bizarre au freinage depuis hier.'],
          ['Speaker 1', "C'est une Clio."],
          ['Speaker 0', 'Ah.'],
        ),
      ),
    ).toBe('Speaker 0');
  });

  it('is the caller who introduces himself another way to a business that answered with its name', () => {
    // "my name is <name>, I'm with <company>"
    expect(
      rep(
        call(
          ['Speaker 0', 'Front office, this is Ms. Adeyemi.'],
          ['Speaker 1', "Hi, my name is Carl Brandt, I'm with Tallpine Uniforms. Do you have a minute?"],
          ['Speaker 0', 'Barely.'],
        ),
      ),
    ).toBe('Speaker 1');
    // a name then "de la société <company>", without "c'est"
    expect(
      rep(
        call(
          ['Speaker 1', 'Pharmacie du Marché, bonjour.'],
          ['Speaker 0', 'Bonjour madame, Hugo Lemaire, de la société Vitrinea. Vous avez un instant ?'],
          ['Speaker 1', 'Un instant seulement.'],
        ),
      ),
    ).toBe('Speaker 0');
    // asking for the owner
    expect(
      rep(
        call(
          ['Speaker 1', 'Salon Margaux, bonjour !'],
          ['Speaker 0', 'Bonjour, est-ce que je parle à la gérante ?'],
          ['Speaker 1', "Oui, c'est moi. C'est pour un rendez-vous ?"],
        ),
      ),
    ).toBe('Speaker 0');
  });

  it('is the one who says "its <name> from <company>" after the other picked up with a bare hello', () => {
    expect(
      rep(
        call(
          ['Speaker 0', 'yeah this is wes'],
          ['Speaker 1', 'hi wes its nora from fieldmark we met at the farm show in june'],
          ['Speaker 0', 'oh right the soil probe people'],
        ),
      ),
    ).toBe('Speaker 1');
  });

  it('does not read "I" as a company after a greeting and a name', () => {
    expect(
      rep(
        call(
          ['Speaker 0', 'Summit Crane Rental, this is Paula.'],
          ['Speaker 1', 'Hi Paula, Dev Raman, I manage a framing crew. I need a crane for two days in May.'],
          ['Speaker 0', 'What size?'],
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

/**
 * Invented calls where the opening misleads the rules: each side answers or introduces itself with
 * a company, and the buyer asks more questions than the seller. The learned scorer reads the whole
 * call (`speaker-model.ts`).
 */
describe('who the rep is, read from the whole call (the learned scorer)', () => {
  const inbound = call(
    ['Speaker 0', 'Harbourline Flooring, this is Dev.'],
    [
      'Speaker 1',
      "Hi Dev, this is Marta from Peak Cycle Studio over on Fifth. Do you do gym floors? What would rubber tiles cost? And how long does an install take? We can't close for more than a weekend.",
    ],
    [
      'Speaker 0',
      'We do, gym floors are most of our work. Our interlocking rubber tiles run about six fifty a square foot installed, and our crew usually does a studio your size over one weekend.',
    ],
    [
      'Speaker 1',
      "Okay. The problem is our current floor is peeling at the seams and two clients tripped last month. I'm worried about another contractor who disappears halfway, that happened to us with the mirrors. Do you give a warranty? Who would I call if something lifts?",
    ],
    [
      'Speaker 0',
      'Our warranty covers the seams for five years, and you call me directly. I can come measure on Thursday and send you a written quote the same day.',
    ],
    [
      'Speaker 1',
      "Thursday works. Is ten okay? I'd rather see it on paper before I talk to my business partner.",
    ],
    ['Speaker 0', 'Ten on Thursday. I will bring samples of our two thicknesses so you can compare.'],
  );

  it('picks the business that answered when the buyer introduces herself and asks the most questions', () => {
    const asked = new Map([
      ['Speaker 0', 0],
      ['Speaker 1', 6],
    ]);
    // The rules alone take the caller for the seller: she introduces a company and asks everything.
    expect(detectRepSpeaker(inbound, asked, null)).toBe('Speaker 1');
    expect(detectRepSpeaker(inbound, asked)).toBe('Speaker 0');
  });

  it('leaves calls too short to judge, and calls with role labels, to the rules', () => {
    const short = call(
      ['Speaker 0', 'Harbourline Flooring, this is Dev.'],
      ['Speaker 1', 'Hi Dev, this is Marta from Peak Cycle Studio. What do rubber tiles cost?'],
    );
    const asked = new Map([['Speaker 1', 1]]);
    expect(detectRepSpeaker(short, asked)).toBe(detectRepSpeaker(short, asked, null));
    const labelled = inbound.map((s) => ({
      ...s,
      speaker: s.speaker === 'Speaker 1' ? 'Agent' : 'Customer',
    }));
    expect(detectRepSpeaker(labelled, new Map())).toBe('Agent');
  });
});
