import type { Segment } from '@call-insights/contracts/transcript';
import { describe, expect, it } from 'vitest';
import { analyzeWithRules } from './rules-analyzer.js';

const call = (...turns: [string, string][]): Segment[] =>
  turns.map(([speaker, text], i) => ({ speaker, text, start: i * 5, end: i * 5 + 4 }));
const analyze = (segments: Segment[], language = 'en') => analyzeWithRules({ segments, text: '', language });
/** The prices shown for a call, without the speaker's words in brackets. */
const shown = (a: { pricing_discussed: string[] }) => a.pricing_discussed.map((p) => p.split(' (')[0]);
/** The rep and the prospect of the calls written below. */
const R = 'Speaker 1';
const P = 'Speaker 2';
/** The result class of a call given as turns. */
const classOf = (language: string, ...turns: [string, string][]) =>
  analyze(call(...turns), language).result_class;

describe('analysis by method', () => {
  it('does not count a hedged concern as an objection', () => {
    const a = analyze(
      call(
        ['Speaker 1', 'Hi, this is Omar from Fixly. We help clinics answer calls.'],
        [
          'Speaker 2',
          "I'm not saying it's too expensive. Even if it's a big investment, the timing is what matters.",
        ],
      ),
    );
    expect(a.objections).toEqual([]);
  });

  it('says what follows "but" after a hedge: only the hedged part is taken back', () => {
    const en = analyze(
      call(
        ['Speaker 1', 'Hi, this is Omar from Fixly. We help clinics answer calls. Does that sound useful?'],
        [
          'Speaker 2',
          "I'm not saying it's too expensive, but I can't sign anything, my business partner makes those decisions.",
        ],
      ),
    );
    expect(en.objections.join(' | ')).toMatch(/partner makes those decisions/u);
    expect(en.objections.join(' | ')).not.toMatch(/too expensive/u);
    const fr = analyze(
      call(
        ['Speaker 1', 'Bonjour, ici Omar de Fixly. Nous aidons les cabinets à répondre au téléphone.'],
        [
          'Speaker 2',
          'Je ne dis pas que c’est trop cher, mais c’est mon associé qui décide de ces dépenses-là.',
        ],
      ),
      'fr',
    );
    expect(fr.objections.join(' | ')).toMatch(/associé qui décide/u);
    expect(fr.objections.join(' | ')).not.toMatch(/trop cher/u);
  });

  it('keeps at most three objections and three pain points per call, the likeliest', () => {
    const a = analyze(
      call(
        [
          'Speaker 1',
          'Hi, this is Omar from Fixly. We help clinics answer calls. How are things at the desk?',
        ],
        [
          'Speaker 2',
          "Honestly it's chaos. We miss calls every lunch. The phones ring off the hook on Mondays. " +
            'Patients complain they can never get through. My staff is burned out. Voicemails pile up over the weekend.',
        ],
        ['Speaker 1', 'I hear you. Our plan is three hundred a month.'],
        [
          'Speaker 2',
          "That's too expensive for us. We already use another service. I need to talk to my partner first. " +
            "Now is not a good time, we're moving offices. And I don't trust contracts.",
        ],
      ),
    );
    expect(a.objections.length).toBeGreaterThan(0);
    expect(a.objections.length).toBeLessThanOrEqual(3);
    expect(a.pain_points.length).toBeGreaterThan(0);
    expect(a.pain_points.length).toBeLessThanOrEqual(3);
  });

  it('finds no objection or pain point in a voicemail: its only speaker is the rep', () => {
    const a = analyze(
      call([
        'Speaker 1',
        'Hi Dana, this is Priya from Lumen Payroll. Most owners tell me payroll is a nightmare and too expensive, and they lose hours every week on it. Give me a call back at five five five, zero one nine two. Thanks!',
      ]),
    );
    expect(a.result_class).toBe('other');
    expect(a.objections).toEqual([]);
    expect(a.pain_points).toEqual([]);
  });

  it('reads a message left after an answering machine as a voicemail, even with a callback offered', () => {
    const a = analyze(
      call(
        ['Répondeur', 'Vous êtes bien sur la messagerie de Nadia Roux. Laissez-moi un message après le bip.'],
        [
          'Vendeur',
          "Bonjour Madame Roux, ici Hugo de la société Clim'Alpes. Beaucoup de clients trouvent l'entretien trop cher et perdent des heures avec les pannes. Je vous rappelle jeudi à dix heures, je vous envoie notre offre par mail.",
        ],
      ),
      'fr',
    );
    expect(a.result_class).toBe('other');
    expect(a.objections).toEqual([]);
    expect(a.pain_points).toEqual([]);
  });

  it('reads a greeting written by speech-to-text ("youve reached", "leave your name") as a machine (ADR 051)', () => {
    const a = analyze(
      call(
        ['Speaker 0', 'hi youve reached the parkers we cant get to the phone'],
        ['Speaker 0', 'leave your name and number and well call you back'],
        [
          'Speaker 1',
          'hi this is dana from clearview gutters we do a lot of homes on your street a lot of folks tell me their gutters overflow every storm give me a call back at five five five zero one nine two thanks',
        ],
      ),
    );
    expect(a.result_class).toBe('other');
    expect(a.pain_points).toEqual([]);
  });

  it('reads a proposed next step answered with a plain no as a refusal, and "no problem" as a yes', () => {
    const refused = analyze(
      call(
        ['Rep', 'Hi Pastor, this is Lena from FlockWorks.'],
        ['Prospect', 'The board would not approve it this year.'],
        ['Rep', 'Understood. Could I check back next year?'],
        ['Prospect', "No, I'd rather you didn't. Thank you."],
      ),
    );
    expect(refused.result_class).toBe('not_interested');
    const agreed = analyze(
      call(
        ['Rep', 'Could I send you the proposal and call you back on Thursday?'],
        ['Prospect', 'No problem, call me Thursday.'],
      ),
    );
    expect(agreed.result_class).toBe('follow_up');
  });

  it('hears a French refusal whose "ne" belongs to its own "pas"', () => {
    for (const refusal of ['Je ne suis pas intéressé, merci.', "Non, on n'est pas intéressés."]) {
      const a = analyze(
        call(
          ['Speaker 1', 'Bonjour, ici Paul de Sécurifeu, je peux vous envoyer une plaquette ?'],
          ['Speaker 2', refusal],
        ),
        'fr',
      );
      expect(a.result_class, refusal).toBe('not_interested');
    }
  });

  it('takes objections and pain from the prospect even when the prospect speaks first', () => {
    const a = analyze(
      call(
        ['Speaker 1', 'Hello?'],
        ['Speaker 2', "Hi, it's Nate from TrackPoint. Our plan is twenty two dollars per vehicle per month."],
        ['Speaker 1', 'Honestly our drivers never answer the phone, and that sounds expensive.'],
        ['Speaker 2', 'A lot of owners tell me it is a hassle to switch, but it takes ten minutes.'],
      ),
    );
    expect(a.pain_points).toEqual(['Our drivers never answer the phone']);
    expect(a.objections).toEqual(['That sounds expensive']);
  });

  it('does not count a bare yes to a problem the rep suggests, and reads a pointing-back clause', () => {
    const a = analyze(
      call(
        ['Rep', 'Do you lose leads when nobody answers after hours?'],
        ['Customer', 'Yeah. We get paper checks from half the tenants, which drives me nuts.'],
      ),
    );
    expect(a.pain_points).toEqual(['We get paper checks from half the tenants, which drives me nuts']);
  });

  it('books a meeting when a proposal is accepted or its day and time are said back', () => {
    const accepted = analyze(
      call(['Rep', 'Can I show you a short demo on Thursday at two?'], ['Customer', 'Sure, sounds good.']),
    );
    expect(accepted.result_class).toBe('appointment');
    const echoed = analyze(
      call(
        ['Customer', 'Could you come this Friday, say ten a.m.?'],
        ['Rep', "Friday at ten. I'll meet you at the clubhouse."],
      ),
    );
    expect(echoed.result_class).toBe('appointment');
    const callback = analyze(
      call(
        ['Customer', 'Call me Thursday the twelfth, around four.'],
        ['Rep', 'Thursday the twelfth at four.'],
      ),
    );
    expect(callback.result_class).toBe('follow_up');
    const refused = analyze(
      call(['Rep', 'Can I show you a short demo on Thursday?'], ['Customer', 'No thanks, not interested.']),
    );
    expect(refused.result_class).toBe('not_interested');
  });

  it('reads a French refusal whose "ne" belongs to its own "pas"', () => {
    const a = analyze(
      call(
        ['Agent', 'On garantit la livraison.'],
        ['Client', "On a un contrat cadre. Ça ne m'intéresse pas."],
      ),
      'fr',
    );
    expect(a.result_class).toBe('not_interested');
  });

  describe('result class by how the call ends', () => {
    it('a callback with a day is a follow-up, a visit with a day an appointment', () => {
      const callback = analyze(
        call(
          [R, 'The install is nine hundred dollars and the plan is forty a month.'],
          [P, 'I need to think about it.'],
          [R, 'Can I give you a call Wednesday morning?'],
          [P, 'Sure, that works.'],
        ),
      );
      expect(callback.result_class).toBe('follow_up');
      const visit = analyze(
        call(
          [R, 'The install is nine hundred dollars and the plan is forty a month.'],
          [R, 'Can I come by Wednesday morning for a site visit?'],
          [P, 'Sure, that works.'],
        ),
      );
      expect(visit.result_class).toBe('appointment');
    });

    it('a refusal said as a decision, after a bare "no", or as "don\'t call me back" is "not interested" (ADR 051)', () => {
      const ended = (last: string, language = 'en') =>
        analyze(
          call(
            [
              R,
              language === 'en'
                ? 'The cleaning plan is ninety dollars a month.'
                : 'Le forfait est à quatre-vingt-dix euros par mois.',
            ],
            [P, last],
            [R, language === 'en' ? 'Alright, thanks for your time.' : 'Très bien, merci de votre temps.'],
          ),
          language,
        ).result_class;
      expect(ended("Honestly it's a no. Have a good one.")).toBe('not_interested');
      expect(ended('nah no im good thanks')).toBe('not_interested');
      expect(ended("We're not gonna do it this year.")).toBe('not_interested');
      expect(ended("I think I'll leave it for now, cheers.")).toBe('not_interested');
      expect(ended('Et ne me rappelez pas, s’il vous plaît.', 'fr')).toBe('not_interested');
      expect(ended("Franchement, c'est non.", 'fr')).toBe('not_interested');
      expect(ended('maybe later but not now im good thanks')).toBe('not_interested');
      expect(ended('So no, not this year. Thanks for calling.')).toBe('not_interested');
      expect(ended("You can send it, but I wouldn't count on it.")).toBe('not_interested');
      expect(ended('Franchement, pas cette année, on est très occupés.', 'fr')).toBe('not_interested');
      // A bare no before a booking still books.
      expect(ended('No no, Tuesday at ten works, book it.')).toBe('appointment');
    });

    it('a wrong number, a message taken or a customer looked up has no sales outcome, even with a "no" at the end (ADR 051)', () => {
      expect(
        classOf(
          'en',
          [R, 'Hi, is this Mr. Okafor? He asked us for a quote on a fence.'],
          [P, 'No, this is Linda, I think you have the wrong number.'],
          [R, "Oh, I'm so sorry to bother you."],
          [P, 'No bother at all, good luck finding him.'],
        ),
      ).toBe('other');
      expect(
        classOf(
          'en',
          [
            R,
            'Hi, this is Sam from Brightway Uniforms, is the owner in? Our shirts are twelve dollars each.',
          ],
          [P, "She's out today. I can take a message for her."],
          [R, "Thanks, it's Sam, five five five zero one four two."],
          [P, 'Got it. No promises though.'],
        ),
      ).toBe('other');
      expect(
        classOf(
          'en',
          [R, 'Valley Pest, this is Jo.'],
          [P, "Hi, there's a charge of ninety dollars on my card I don't understand."],
          [R, 'Let me pull you up. Okay, that was the spring treatment. I can refund it if you skipped it.'],
          [P, 'No, that is fine then, thanks.'],
        ),
      ).toBe('other');
      expect(
        classOf(
          'fr',
          [R, 'Service à la clientèle, bonjour.'],
          [P, "Bonjour, j'ai une facture de cent vingt euros que je ne comprends pas."],
          [R, 'Je vais ouvrir votre dossier. Ah oui, c’est une erreur, je vous rembourse.'],
          [P, 'Non, ça va, merci beaucoup.'],
        ),
      ).toBe('other');
    });

    it('an offer to e-mail something is a follow-up even when it names an estimate', () => {
      const a = analyze(
        call(
          [R, 'A full repaint usually runs about six thousand.'],
          [R, 'Can I email you a detailed estimate tonight?'],
          [P, 'Yes, please do.'],
        ),
      );
      expect(a.result_class).toBe('follow_up');
    });

    it('a booking word early in the call describes the prospect, it books nothing', () => {
      const a = analyze(
        call(
          [R, 'Hi, this is Sam from PetBook, do you have a minute?'],
          [P, 'Our groomers are booked solid every Saturday and we still lose walk-ins.'],
          [R, 'How do you take bookings today?'],
          [P, 'Phone and a paper diary.'],
          [R, 'How many calls a day?'],
          [P, 'Forty, maybe more.'],
          [R, 'Got it. Our scheduler is sixty dollars a month.'],
          [P, 'Hm, okay.'],
          [R, 'Can I send you the details?'],
          [P, 'Sure, send them over.'],
          [R, 'Great, talk soon.'],
        ),
      );
      expect(a.result_class).toBe('follow_up');
    });

    it('a pitch answered with a refusal at the end is not interested; "no, that\'s all" is not a refusal', () => {
      const refused = analyze(
        call(
          [R, 'Our cards are five dollars a card per month and they lock to fuel only.'],
          [P, "nah we're good"],
          [R, 'ok thanks for your time'],
        ),
      );
      expect(refused.result_class).toBe('not_interested');
      const support = analyze(
        call(
          [P, 'I was charged twice for the forty dollar plan.'],
          [R, "I've refunded the second charge. Is there anything else I can help with?"],
          [P, "No, that's all, thanks."],
        ),
      );
      expect(support.result_class).toBe('other');
    });
    it('French: a callback answered with a day and said back is a follow-up; "c\'est noté" books nothing', () => {
      const a = analyze(
        call(
          [R, "L'installation est à neuf mille euros, aides déduites."],
          [P, 'Envoyez-moi le devis par mail, ma femme veut le voir.'],
          [R, "Je vous l'envoie ce soir. Je vous rappelle en fin de semaine ?"],
          [P, 'Vendredi, oui, en fin de journée.'],
          [R, "Parfait, vendredi en fin de journée. C'est noté."],
        ),
        'fr',
      );
      expect(a.result_class).toBe('follow_up');
    });

    it('French: "non merci" after "autre chose ?" closes a support call, it refuses nothing', () => {
      const a = analyze(
        call(
          [P, 'Mon terminal affiche une erreur depuis ce matin, et la location est à trente euros par mois.'],
          [R, "C'est réglé, je l'ai redémarré à distance. Autre chose pour vous ?"],
          [P, 'Non merci, bonne journée.'],
        ),
        'fr',
      );
      expect(a.result_class).toBe('other');
    });

    it('a call cut off has no outcome, whatever its last words promise', () => {
      const a = analyze(
        call(
          [R, 'So the lift rental is four hundred a day, and the'],
          [P, "Hello? You're breaking up."],
          [R, "I'm in a tunnel, I'll call you back."],
        ),
      );
      expect(a.result_class).toBe('other');
    });

    it('"jusqu\'à jeudi" is not "à jeudi", and a day said back to a question about days books nothing', () => {
      const a = analyze(
        call(
          [R, 'Notre forfait est à quarante-neuf euros par mois.'],
          [P, "C'est mon associé qui décide, il est à Lyon jusqu'à jeudi."],
          [R, 'Vous ouvrez sept jours, même le dimanche ?'],
          [P, 'Même le dimanche, en été.'],
          [R, 'Je peux vous envoyer une offre par mail ?'],
          [P, 'Oui, envoyez-la.'],
        ),
        'fr',
      );
      expect(a.result_class).toBe('follow_up');
    });
  });

  it('reads endings said in other words: confirmations, shrugs, holds, greetings, billing calls', () => {
    const cls = (...turns: [string, string][]) => analyze(call(...turns)).result_class;
    const fr = (...turns: [string, string][]) => analyze(call(...turns), 'fr').result_class;
    // A booking confirmed by what the company sends, or by the prospect saying he will be there.
    expect(
      cls(
        ['Rep', 'Our surveyor can walk the roof with you. Are you around on the ninth?'],
        ['Prospect', 'The ninth is fine, before noon.'],
        ['Rep', "Ninth, ten a.m. You'll get a confirmation by email tonight."],
      ),
    ).toBe('appointment');
    expect(
      cls(
        ['Rep', 'Our fitter can swing by tomorrow at seven, before the lot opens.'],
        ['Prospect', "Seven tomorrow, yeah, I'll be there."],
      ),
    ).toBe('appointment');
    // A quote offered and accepted is a follow-up.
    expect(
      cls(
        ['Rep', "Let's get you a quote either way, so you have the number."],
        ['Prospect', "Yes. I'll send you photos of the yard tonight."],
      ),
    ).toBe('follow_up');
    // A shrug ("send whatever you want") with a no after it, "I'd rather you didn't", "thank you but
    // no", "gonna stick with": refusals.
    expect(
      cls(
        ['Rep', 'Can I mail you a brochure on our plans?'],
        ['Prospect', "You can send whatever you want. We're fine with our setup."],
      ),
    ).toBe('not_interested');
    expect(
      cls(['Rep', 'Can I check in with you next spring?'], ['Prospect', "I'd rather you didn't. Bye now."]),
    ).toBe('not_interested');
    expect(
      cls(
        ['Rep', 'Our filters are twelve dollars a case.'],
        ['Prospect', "Thank you, but no. I'm gonna stick with the co-op."],
      ),
    ).toBe('not_interested');
    expect(
      fr(
        ['Vendeur', 'Je vous laisse mes coordonnées au cas où.'],
        ['Prospect', 'Oui si vous voulez, mais on ne rappellera pas. Au revoir.'],
      ),
    ).toBe('not_interested');
    // Someone else's calls are not a callback agreed.
    expect(
      cls(
        ['Rep', 'How do your drivers reach dispatch at night?'],
        ['Prospect', 'They call me at home, at midnight sometimes.'],
        ['Rep', 'Our console is forty dollars a seat.'],
        ['Prospect', 'Thank you, but no.'],
      ),
    ).toBe('not_interested');
    // A date kept until a deadline is held, not booked.
    expect(
      fr(
        ['Vendeur', "Je vous envoie les forfaits et je vous garde la salle jusqu'à vendredi."],
        ['Prospect', "Vendredi, c'est parfait. J'en parle à l'équipe."],
      ),
    ).toBe('follow_up');
    // An answering machine's own "we'll call you back" agrees nothing.
    expect(
      fr(
        [
          'Répondeur',
          'Vous avez joint la Ferme des Saules. Laissez votre nom et votre numéro, on vous rappelle.',
        ],
        ['Vendeur', "Bonjour, ici Paul de Agri-Pompes, c'est au sujet de vos abreuvoirs. Bonne journée."],
      ),
    ).toBe('other');
    // A fee taken off the customer's next statement: a billing call, no sales outcome.
    expect(
      cls(
        ['Customer', 'I was charged twice for the October visit.'],
        [
          'Agent',
          "I see it. I'll take it off, you'll see the credit on your next statement. I'll send you the receipt.",
        ],
      ),
    ).toBe('other');
    // A contract number that is not the customer's does not make a support call.
    expect(
      cls(
        ['Rep', "I'll confirm the contract number of the state cooperative and send it with a proposal."],
        ['Prospect', 'Send it. Call me in two weeks.'],
      ),
    ).toBe('follow_up');
  });

  it('reads how a call ends from offers, held dates, conditions, permissions and messages', () => {
    const cls = (...turns: [string, string][]) => analyze(call(...turns)).result_class;
    // An offer to send, asked before a remark, then accepted.
    expect(
      cls(
        ['Rep', 'Hi, this is Sam from Brightline.'],
        ['Prospect', 'Our budget is set for the year.'],
        ['Rep', "Can I email you both options? I'll keep the price until Friday."],
        ['Prospect', 'Yes, please.'],
      ),
    ).toBe('follow_up');
    // An offer to send a named document, accepted by asking for it.
    expect(
      cls(
        ['Rep', 'Could I send a proposal with two references?'],
        ['Prospect', 'Send it over, I will read it.'],
      ),
    ).toBe('follow_up');
    // A date held while the prospect decides is not a booked meeting.
    expect(
      cls(
        ['Rep', 'Can I hold Thursday afternoon for the install while you check with the board?'],
        ['Prospect', 'Yes, do that.'],
      ),
    ).toBe('follow_up');
    // A door left open under a condition agrees nothing.
    expect(
      cls(
        ['Rep', 'Our plan is ninety dollars a month.'],
        ['Prospect', "We're going to stay with our current provider."],
        ['Rep', 'Understood. If anything changes, give us a call.'],
        ['Prospect', 'Will do.'],
      ),
    ).toBe('not_interested');
    // A permission taken back.
    expect(
      cls(
        ['Rep', 'I will send you our rate sheet anyway.'],
        ['Prospect', "You can, but we won't be using it."],
      ),
    ).toBe('not_interested');
    // A message taken for someone absent.
    expect(
      cls(
        ['Receptionist', 'She is in a meeting all afternoon.'],
        ['Rep', 'Could you tell her Sam from Brightline called? Our plan is ninety dollars a month.'],
        ['Receptionist', "Sure, I'll pass it on."],
      ),
    ).toBe('other');
    // "What if I…" offers; a day said back accepts; a plan said as a question proposes it.
    expect(
      cls(
        ['Rep', 'What if I emailed you a short video of the dashboard?'],
        ['Prospect', 'Yeah, send it over.'],
      ),
    ).toBe('follow_up');
    expect(
      cls(
        ['Rep', 'Could we walk the site on Friday at eight?'],
        ['Prospect', 'Friday works. Bring the drawings.'],
      ),
    ).toBe('appointment');
    expect(cls(['Rep', "So I'll call you back Monday morning?"], ['Prospect', 'Sure.'])).toBe('follow_up');
    expect(
      analyze(
        call(['Vendeur', 'Et si je vous envoyais une démo vidéo ?'], ['Prospect', "D'accord, envoyez."]),
        'fr',
      ).result_class,
    ).toBe('follow_up');
    // "Booked out" says there is no room; "we're locked in" without a day is a contract.
    expect(
      cls(
        ['Rep', 'How fast can you get a truck in?'],
        ['Prospect', 'Our carriers are booked out two weeks right now.'],
        ['Rep', 'Can I send you our rates?'],
        ['Prospect', 'Sure, send them over.'],
      ),
    ).toBe('follow_up');
    expect(
      cls(
        ['Rep', 'Could I put together a quote for next year?'],
        ['Prospect', "No. We signed a three-year deal last month, we're locked in."],
      ),
    ).toBe('not_interested');
    expect(
      cls(
        ['Rep', 'Does Tuesday at ten work for the walkthrough?'],
        ['Prospect', 'It does.'],
        ['Rep', "Great, you're locked in for Tuesday at ten."],
      ),
    ).toBe('appointment');
    // An existing customer's support call (the account looked up) has no sales outcome, even with a
    // technician's visit booked; the same booking in a sales call is an appointment.
    const visit: [string, string][] = [
      ['Customer', 'The heater stopped working this morning.'],
      ['Agent', 'I can send a technician Tuesday at nine. Does that work?'],
      ['Customer', 'Yes, Tuesday at nine works.'],
    ];
    expect(
      cls(
        ['Agent', 'Can I have your account number, please?'],
        ['Customer', 'It is four two one seven.'],
        ...visit,
      ),
    ).toBe('other');
    expect(cls(['Agent', 'Thanks for calling, what can I do for you?'], ...visit)).toBe('appointment');
    expect(
      analyze(
        call(
          ['Agent', 'Service client, vous avez votre numéro de client ?'],
          ['Client', "Oui, c'est le quatre cent douze. Ma facture est fausse."],
          ['Agent', 'Je corrige la facture et je vous rappelle demain.'],
          ['Client', "D'accord, merci."],
        ),
        'fr',
      ).result_class,
    ).toBe('other');
    // "Don't call" someone else is not a refusal.
    expect(
      cls(
        ['Rep', 'Can I send you the quote?'],
        ['Prospect', "Yes. And don't call my manager directly, she hates that."],
      ),
    ).toBe('follow_up');
    // A French goodbye naming the day of an agreed callback does not book a meeting.
    expect(
      analyze(
        call(
          ['Prospect', 'Rappelez-moi jeudi à quatorze heures.'],
          ['Vendeur', "Jeudi à quatorze heures, c'est noté."],
          ['Prospect', 'À jeudi.'],
        ),
        'fr',
      ).result_class,
    ).toBe('follow_up');
  });

  it('reads a buyer who calls in, quotes asked for in other words, a date with its weekday, and tag questions', () => {
    const cls = (...turns: [string, string][]) => analyze(call(...turns)).result_class;
    // The buyer calls in and names her company; the seller answers.
    const inbound = analyze(
      call(
        [
          'Speaker 0',
          'Hello, the receptionist told me you handle the estimates. This is Dana Price at Northfield Tools, we make drill bits.',
        ],
        ['Speaker 1', 'That is me. What do you need printed?'],
        [
          'Speaker 0',
          "Packaging sleeves, ten thousand. I'm calling around, our purchasing rules say two bids minimum.",
        ],
        ['Speaker 1', 'Understood. We can be around forty cents a sleeve.'],
        ['Speaker 0', 'Send me a written quote by Friday and I will compare.'],
        ['Speaker 1', 'You will have it Thursday.'],
      ),
    );
    expect(inbound.result_class).toBe('follow_up');
    // She is the prospect: the summary says the rep spoke with her.
    expect(inbound.call_summary).toMatch(/spoke with Dana/u);
    // "One thing that works" is no time accepted.
    expect(
      cls(
        ['Rep', 'We could replace the scanner at the desk.'],
        ['Prospect', "I'm not swapping the one thing that works around here. We're good, thanks."],
      ),
    ).toBe('not_interested');
    // The hour chosen, said back with the day and its date.
    expect(
      cls(
        ['Rep', 'Our technician is nearby on Tuesday the fourth. Morning or afternoon?'],
        ['Prospect', "Morning. Nine o'clock, before the shop opens."],
        ['Rep', "Tuesday the fourth at nine. I'll text you her name."],
        ['Prospect', 'Good.'],
      ),
    ).toBe('appointment');
    // "Don't call again, okay?" is said, not asked.
    expect(
      cls(
        ['Rep', 'Can I at least email you our rates?'],
        ['Prospect', "I've got rates. Don't call back, okay? Nothing personal."],
      ),
    ).toBe('not_interested');
    // British "ring me", a price list sent.
    expect(
      cls(
        ['Rep', 'We deliver to cafes in the area twice a week.'],
        ['Prospect', 'Right, send me a price list and ring me Monday after two.'],
      ),
    ).toBe('follow_up');
    // A closing date locked in is not a meeting.
    expect(
      cls(
        ['Rep', 'Do you want me to hold a unit for you?'],
        ['Prospect', "Let me get the moving date locked in first and I'll call you back."],
      ),
    ).toBe('follow_up');
  });

  it('reads a call\'s currency from amounts, not from "franc" the adjective', () => {
    const a = analyze(
      call(
        ['Vendeur', 'Le forfait entretien est à quatre cents par an, pièces comprises.'],
        ['Client', 'Je vais être franc avec vous, on a déjà un contrat ailleurs.'],
      ),
      'fr',
    );
    expect(a.pricing_discussed[0]).toMatch(/^400 € par an/u);
    const swiss = analyze(
      call(
        ['Vendeur', 'Le forfait entretien est à quatre cents par an.'],
        ['Client', "Chez l'autre, c'était trois cents francs."],
      ),
      'fr',
    );
    // The other provider's price, compared ("c'était"), is per year as well.
    expect(swiss.pricing_discussed.map((p) => p.split(' (')[0])).toEqual([
      '400 CHF par an',
      '300 CHF par an',
    ]);
  });

  it('reads a time set for a meeting as a time, and a price after the other side names a time as a price', () => {
    expect(
      shown(
        analyze(
          call(
            ['Rep', 'The first lesson is on us, then it is a flat fee per month.'],
            ['Prospect', 'Saturday morning would be best. Around nine thirty?'],
          ),
        ),
      ),
    ).toEqual([]);
    expect(
      shown(
        analyze(
          call(
            ['Prospect', 'The gutters overflow every morning it rains, so we want them cleaned.'],
            ['Rep', 'For a house that size it is two forty-nine, and the guards are extra.'],
          ),
        ),
      ),
    ).toEqual(['$249']);
  });

  it("gives a bare amount compared with a price just said that price's unit and period", () => {
    expect(
      shown(
        analyze(
          call(
            ['Rep', 'What are you paying for the line today?'],
            ['Prospect', "We were paying six forty a month, and now it's eight ten and nobody told us why."],
          ),
        ),
      ),
    ).toEqual(['$640 per month', '$810 per month']);
    expect(
      shown(
        analyze(
          call(
            ['Rep', 'Lessons are forty-five an hour for members.'],
            ['Rep', 'For non-members it is sixty.'],
            ['Prospect', 'Okay.'],
          ),
        ),
      ),
    ).toEqual(['$45 per hour', '$60 per hour']);
    expect(
      shown(
        analyze(
          call(
            ['Client', "On payait neuf cents euros par mois, maintenant c'est mille cent."],
            ['Vendeur', 'Je vois.'],
          ),
          'fr',
        ),
      ),
    ).toEqual(['900 € par mois', '1 100 € par mois']);
    // Not compared: another item said after "right now", and a total of another order than a rate per page.
    expect(
      shown(
        analyze(
          call(
            ['Rep', 'The filters are forty dollars a box right now, and the starter kit is ninety dollars.'],
            ['Prospect', 'Okay.'],
          ),
        ),
      ),
    ).toEqual(['$40 per box', '$90']);
    expect(
      shown(
        analyze(
          call(
            [
              'Rep',
              'We charge fourteen cents a page, so a job your size is usually twenty thousand dollars.',
            ],
            ['Prospect', 'Okay.'],
          ),
        ),
      ),
    ).toEqual(['$0.14 per page', '$20,000']);
  });

  it('compares what the buyer pays today, or paid another year, with the price just quoted', () => {
    expect(
      shown(
        analyze(
          call(
            ['Rep', 'Our premium mulch is thirty-eight a yard, spread.'],
            ['Prospect', "I'm paying thirty-two now from the quarry."],
          ),
        ),
      ),
    ).toEqual(['$38 per yard', '$32 per yard']);
    expect(
      shown(
        analyze(
          call(
            ['Prospect', 'The renewal costs six hundred a year. Last year, five forty.'],
            ['Rep', 'Let me check that.'],
          ),
        ),
      ),
    ).toEqual(['$600 per year', '$540 per year']);
    expect(
      shown(
        analyze(
          call(
            ['Vendeur', 'Le forfait est à quarante-cinq euros par mois, sans engagement.'],
            ['Client', 'Actuellement on paie trente-neuf euros.'],
          ),
          'fr',
        ),
      ),
    ).toEqual(['45 € par mois', '39 € par mois']);
    // A one-time charge the buyer paid is no monthly price.
    expect(
      shown(
        analyze(
          call(
            ['Rep', 'The plan is forty-five a month.'],
            ['Prospect', 'We paid four thousand for the old system, all in.'],
          ),
        ),
      ),
    ).toEqual(['$45 per month', '$4,000']);
  });
});

describe('the currency of a call that names none (ADR 051)', () => {
  it('is sterling where pounds and pence are said, for the bare amounts too (ADR 054)', () => {
    const a = analyze(
      call(
        ['Rep', "Storage is four pounds thirty a week per crate, and delivery's extra."],
        ['Prospect', "What's delivery?"],
        ['Rep', 'Delivery is sixty-five a drop.'],
      ),
    );
    expect(shown(a)).toEqual(['£4.30 per crate per week', '£65 per drop']);
  });

  it('is the dollar in a French call set in Quebec, the euro in other French calls', () => {
    const quebec = analyze(
      call(
        [
          'Speaker 0',
          'Bonjour, ici Julie de Toitures Boréal, vous avez demandé une soumission à Sherbrooke?',
        ],
        ['Speaker 1', 'Oui, pour le toit du garage. Ça coûterait combien?'],
        ['Speaker 0', "Pour un garage simple, c'est autour de quatre mille deux cents."],
      ),
      'fr',
    );
    expect(shown(quebec)).toEqual(['4 200 $']);
    const france = analyze(
      call(
        ['Speaker 0', 'Bonjour, ici Julie de Toitures Boréal, vous avez demandé un devis à Lyon?'],
        ['Speaker 1', 'Oui, pour le toit du garage. Ça coûterait combien?'],
        ['Speaker 0', "Pour un garage simple, c'est autour de quatre mille deux cents."],
      ),
      'fr',
    );
    expect(shown(france)).toEqual(['4 200 €']);
  });

  it('is the pound in a British call that speaks of pounds, the dollar in an American one that weighs in pounds', () => {
    const leeds = analyze(
      call(
        ['Speaker 0', "Hiya, it's Tom from Brightside Tutoring in Leeds."],
        ['Speaker 1', 'Hi. How much are the sessions?'],
        [
          'Speaker 0',
          "It's forty pounds an hour, and the starter pack is eighty-five, that includes the books.",
        ],
      ),
    );
    expect(shown(leeds)).toEqual(['£40 per hour', '£85']);
    const ohio = analyze(
      call(
        ['Speaker 0', "Hi, it's Dana from Buckeye Feed in Columbus, you asked about the pellets?"],
        ['Speaker 1', 'Yeah, the fifty pound bags. What do they cost?'],
        ['Speaker 0', "They're eighteen fifty a bag, delivered."],
      ),
    );
    expect(shown(ohio)).toEqual(['$18.50 per bag']);
  });
});

describe('endings said as requests and by customers who leave (ADR 052)', () => {
  it('reads a request put as a question, and "again" after whoever is named, as a refusal', () => {
    expect(
      classOf(
        'en',
        [R, 'Hi, this is Dana from Brightline, we help bakeries with online ordering. Got a minute?'],
        [P, 'Honestly no, we have a system already.'],
        [R, 'Understood, could I follow up in the spring?'],
        [P, 'Could you just take me off your list, please?'],
        [R, 'Of course. Have a good day.'],
      ),
    ).toBe('not_interested');
    expect(
      classOf(
        'en',
        [R, 'Hi, this is Dana from Brightline, we help bakeries with online ordering.'],
        [P, "We're fine. Please don't call the shop again about this."],
        [R, 'Noted, sorry for the trouble.'],
      ),
    ).toBe('not_interested');
    expect(
      classOf(
        'fr',
        [R, 'Bonjour, Dana de Brightline, nous aidons les boulangeries à prendre les commandes en ligne.'],
        [P, 'Non merci, on a déjà ce qu’il faut.'],
        [R, 'Je comprends. Je peux vous rappeler au printemps ?'],
        [P, 'Pourriez-vous me retirer de votre liste, s’il vous plaît ?'],
      ),
    ).toBe('not_interested');
    // Any other question agrees nothing: "could you send me the price list?" is not a refusal.
    expect(
      classOf(
        'en',
        [R, 'Hi, this is Dana from Brightline, we help bakeries with online ordering.'],
        [P, "Could you send me the price list? I'll look at it with my partner this week."],
        [R, "Sure, I'll email it today and call you Friday."],
      ),
    ).toBe('follow_up');
  });

  it('reads a document promised with a pronoun or a deadline, and "rester sur", for what they agree', () => {
    expect(
      classOf(
        'en',
        [R, 'Hi, this is Sam from Northgate Scaffolding, about the school job you bid.'],
        [P, 'Right. Put the weekly rate and the delivery in one number, I need it by Monday.'],
        [R, "You'll have it by Monday noon."],
        [P, 'Good. Thanks, Sam.'],
      ),
    ).toBe('follow_up');
    expect(
      classOf(
        'en',
        [R, 'Hi, this is Sam from Northgate Scaffolding. Could we quote your spring jobs?'],
        [P, "Sure. Email it, I don't pick up during the day."],
        [R, 'Will do.'],
      ),
    ).toBe('follow_up');
    expect(
      classOf(
        'fr',
        [R, 'Bonjour, Sam de Nordéchafaudage. Je peux vous préparer un chiffrage pour le printemps ?'],
        [P, 'Oui, envoyez-le-moi, je le montrerai à mon associé.'],
        [R, "Je vous l'envoie d'ici vendredi."],
      ),
    ).toBe('follow_up');
    expect(
      classOf(
        'fr',
        [R, 'Bonjour, Sam de Papeterie Nord. On fait aussi les menus imprimés pour les mariages.'],
        [P, 'Merci, mais on va rester sur des menus écrits à la main.'],
        [R, 'Très bien, bonne journée.'],
      ),
    ).toBe('not_interested');
    // A callback and a meeting in one sentence: the meeting, not a farewell repeating the callback.
    expect(
      classOf(
        'en',
        [R, 'Hi, this is Sam from Greenway Gardens. Can I come measure the yard Friday at three?'],
        [P, "Yes. Text me when you leave and I'll see you Friday at three."],
      ),
    ).toBe('appointment');
  });

  it('reads a time accepted for a callback as a follow-up, and a farewell to a booked meeting as the meeting', () => {
    expect(
      classOf(
        'en',
        [R, 'Hi, this is Sam from Crewline Staffing, following up on the forklift temps.'],
        [P, 'Right, I still need my GM to sign off.'],
        [R, "I'll email the rates today and give you a buzz Thursday at two to see what he thinks."],
        [P, 'Thursday at two works.'],
      ),
    ).toBe('follow_up');
    expect(
      classOf(
        'en',
        [R, 'Hi, this is Sam from Skyframe Media. Shall I film the listing on Friday at ten?'],
        [P, 'Friday at ten is good, the owners will be out.'],
        [R, "Great, you're booked. I'll send it with the confirmation tonight."],
        [P, 'See you Friday.'],
      ),
    ).toBe('appointment');
  });

  it('reads a no said last, "no need", and "I wouldn\'t" to a proposal as refusals', () => {
    const pitch: [string, string] = [
      R,
      'Hi, this is Sam from Gripwell. Our nitrile gloves are eleven dollars a box, I could send samples.',
    ];
    expect(
      classOf('en', pitch, [P, "That's kind of you, but no."], [R, 'Understood. Thanks for your time.']),
    ).toBe('not_interested');
    expect(
      classOf(
        'en',
        pitch,
        [P, "it's a small office we really don't need it"],
        [R, 'okay no worries, thanks'],
      ),
    ).toBe('not_interested');
    expect(
      classOf(
        'en',
        pitch,
        [P, "We're set for this year."],
        [R, 'Could I check back with you next summer?'],
        [P, "I wouldn't. Save yourself the call."],
      ),
    ).toBe('not_interested');
    // "I wouldn't mind" says yes.
    expect(
      classOf(
        'en',
        pitch,
        [P, 'Maybe.'],
        [R, 'Could I call you back next week to hear what the nurses think?'],
        [P, "I wouldn't mind."],
      ),
    ).not.toBe('not_interested');
  });

  it('reads a no to a proposal as a refusal where no price was said, but not a no about someone absent', () => {
    expect(
      classOf(
        'en',
        [R, 'Hi, this is Sam from Clearbay. We recycle machine coolant on site for shops like yours.'],
        [P, 'We dump it and buy new. It works.'],
        [R, 'Would a one-time sump cleaning make sense, just to see the difference?'],
        [P, 'No. Appreciate it, but no.'],
        [R, 'Alright. Thanks for your time.'],
      ),
    ).toBe('not_interested');
    expect(
      classOf(
        'en',
        [R, 'Hi, this is Sam from Clearbay. Can I speak to the shop owner?'],
        [P, "No, he's out on a job today."],
        [R, 'Alright. Thanks for your time.'],
      ),
    ).toBe('other');
  });

  it('reads a French no after a filler, or after the thanks, at the end of a pitch as a refusal', () => {
    const pitch: [string, string] = [
      R,
      'Bonjour, Léa de Thermibois. Notre poêle à granulés est à deux mille neuf cents euros posé, je peux passer vous le montrer.',
    ];
    expect(
      classOf(
        'fr',
        pitch,
        [P, "ouais non franchement on a déjà un insert qui marche bien pour l'instant"],
        [R, "d'accord, merci quand même"],
      ),
    ).toBe('not_interested');
    expect(
      classOf('fr', pitch, [P, "C'est gentil de votre part, mais non."], [R, 'Très bien, bonne journée.']),
    ).toBe('not_interested');
    // "Mais non" reassuring, with no thanks before it, refuses nothing.
    expect(
      classOf(
        'fr',
        pitch,
        [P, 'Je vous dérange pas trop? Mais non.'],
        [R, 'Alors je passe jeudi à dix heures?'],
        [P, 'Jeudi à dix heures, parfait, à jeudi.'],
      ),
    ).toBe('appointment');
  });

  it('finds the answering machine whose greeting names the business, and the message left on it', () => {
    const M = 'Speaker 0';
    expect(
      classOf(
        'fr',
        [M, 'Bonjour, vous êtes bien chez Menuiserie Garnier.'],
        [M, 'Nos bureaux sont ouverts du lundi au vendredi, merci de laisser un message après le bip.'],
        [R, 'Bonjour monsieur Garnier, ici Léa de Solvéo, je vous rappelle pour votre demande de devis.'],
        [
          R,
          'Je vous envoie le devis par courriel, et vous pouvez me rappeler au zéro six douze trente-quatre.',
        ],
        [R, 'Bonne journée, au revoir.'],
      ),
    ).toBe('other');
    expect(
      classOf(
        'en',
        [M, 'hi youve reached tony and gina we cant come to the phone leave us a message'],
        [
          R,
          'hey tony its brittany from hartwell insurance about your renewal give me a call back when you can',
        ],
        [R, 'my direct line is five five five oh one four two thanks bye'],
      ),
    ).toBe('other');
  });

  it('reads permissions that come to nothing, "no need to follow up", and the rep\'s own promise after a no', () => {
    const pitch: [string, string] = [
      R,
      'Hi, this is Sam from Clearpath Cleaning, we do gyms and studios at night.',
    ];
    expect(
      classOf(
        'en',
        pitch,
        [P, "We're covered."],
        [R, 'Could I check back in six months?'],
        [P, "you can try but i wouldn't count on it"],
      ),
    ).toBe('not_interested');
    expect(
      classOf(
        'en',
        pitch,
        [P, "We're covered."],
        [R, 'Could I at least email you our price sheet?'],
        [P, "You can email it. I probably won't read it."],
      ),
    ).toBe('not_interested');
    expect(
      classOf('en', pitch, [P, "yeah so i'm good man no need to follow up"], [R, 'no problem thanks']),
    ).toBe('not_interested');
    expect(
      classOf(
        'en',
        pitch,
        [P, "Thanks, but take me off your list, we're not interested."],
        [R, "Fair enough, I'll check in next year anyway."],
        [P, 'Bye.'],
      ),
    ).toBe('not_interested');
    // The prospect's own "call me next year" after a no is a follow-up agreed.
    expect(
      classOf(
        'en',
        pitch,
        [P, "We're not interested right now."],
        [R, 'Understood.'],
        [P, 'Actually, call me next spring, the contract ends in April.'],
      ),
    ).toBe('follow_up');
  });

  it('reads a customer who cancels what he has as not interested, even on a billing call', () => {
    expect(
      classOf(
        'en',
        [R, 'Thanks for calling Peak Fitness, this is Jo. How can I help?'],
        [P, 'Hi, I need to cancel my membership, I am moving away.'],
        [R, 'Sorry to hear that. Can I have your member number?'],
        [P, "It's four four one two."],
        [R, "Done. You'll get a confirmation email within the hour."],
        [P, 'Thanks, bye.'],
      ),
    ).toBe('not_interested');
    expect(
      classOf(
        'fr',
        [R, 'Bonjour, service clients de Box Beauté, Julie à votre écoute.'],
        [P, 'Bonjour, je voudrais résilier mon abonnement, s’il vous plaît.'],
        [R, 'C’est fait, je vous envoie la confirmation par mail.'],
        [P, 'Merci, au revoir.'],
      ),
    ).toBe('not_interested');
    // A customer kept with an offer to think over is a follow-up; a past wish to cancel is a billing call.
    expect(
      classOf(
        'en',
        [R, 'Thanks for calling Peak Fitness, this is Jo. How can I help?'],
        [P, 'I want to cancel my membership, it costs too much.'],
        [R, 'I can offer you the basic plan at half the price. Want me to email you the details?'],
        [P, "Okay, send it over and I'll think about it this week."],
      ),
    ).toBe('follow_up');
    expect(
      classOf(
        'en',
        [R, 'Billing, this is Jo. Can I have your account number?'],
        [P, "It's four four one two. I was charged twice, I wanted to cancel back in May but I stayed."],
        [R, "I see it, I'll refund the second charge on your next statement."],
        [P, 'Thanks.'],
      ),
    ).toBe('other');
  });
});
