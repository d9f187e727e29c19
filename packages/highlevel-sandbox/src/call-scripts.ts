/**
 * Scripted English sales calls spoken in the sandbox's recordings. Each has an outcome (appointment
 * booked, follow-up, not interested), objections, pain points and a price said in words, so the
 * app's transcription and analysis have something true to work on. The agent is always on the left
 * channel (media channel 1), the customer on the right (media channel 2).
 */
export type Speaker = 'agent' | 'customer';
export type CallOutcome = 'appointment-booked' | 'follow-up' | 'not-interested';

export type CallScript = {
  id: string;
  outcome: CallOutcome;
  turns: { speaker: Speaker; text: string }[];
};

export const CALL_SCRIPTS: readonly CallScript[] = [
  {
    id: 'solar-appointment',
    outcome: 'appointment-booked',
    turns: [
      { speaker: 'agent', text: 'Hi, this is Dana from Bright Roof Solar. Is this a good time to talk?' },
      { speaker: 'customer', text: 'Sure, I have a few minutes. I filled in your form last week.' },
      { speaker: 'agent', text: 'Great. What made you look into solar panels for your home?' },
      {
        speaker: 'customer',
        text: 'Our electricity bill went up again. We pay almost three hundred dollars a month in summer.',
      },
      { speaker: 'agent', text: 'That is a lot. How long do you plan to stay in the house?' },
      { speaker: 'customer', text: 'At least ten more years. But I worry the installation costs too much.' },
      {
        speaker: 'agent',
        text: 'A typical system for a home like yours is about twelve thousand dollars, and the tax credit covers thirty percent.',
      },
      { speaker: 'customer', text: 'Twelve thousand is still a big number for us.' },
      {
        speaker: 'agent',
        text: 'We offer financing at ninety nine dollars a month, which is less than what you save on the bill.',
      },
      { speaker: 'customer', text: 'That sounds better. What is the next step?' },
      {
        speaker: 'agent',
        text: 'A technician visits to measure the roof. Does Thursday at ten in the morning work?',
      },
      { speaker: 'customer', text: 'Thursday at ten works. Please send me a confirmation by email.' },
      { speaker: 'agent', text: 'Done. You will get the email today. Thank you and have a nice day.' },
    ],
  },
  {
    id: 'software-follow-up',
    outcome: 'follow-up',
    turns: [
      { speaker: 'agent', text: 'Hello, this is Mark from Ledgerly. You downloaded our guide on invoicing.' },
      { speaker: 'customer', text: 'Yes, I did. We are a small team and invoicing takes us forever.' },
      { speaker: 'agent', text: 'How many hours a week does your team spend on invoices today?' },
      {
        speaker: 'customer',
        text: 'Maybe six hours. And we often chase late payments by phone, which is painful.',
      },
      {
        speaker: 'agent',
        text: 'Ledgerly sends reminders automatically. The team plan is forty nine dollars per month.',
      },
      {
        speaker: 'customer',
        text: 'We already pay for accounting software. I am not sure we need another tool.',
      },
      {
        speaker: 'agent',
        text: 'Ledgerly connects to your accounting software, so nothing changes for your accountant.',
      },
      { speaker: 'customer', text: 'I need to talk to my business partner before deciding anything.' },
      { speaker: 'agent', text: 'Of course. Can I call you back next Tuesday after you talk with her?' },
      { speaker: 'customer', text: 'Next Tuesday afternoon is fine. Send me the pricing page meanwhile.' },
      { speaker: 'agent', text: 'I will send it right away. Talk to you on Tuesday.' },
    ],
  },
  {
    id: 'gym-not-interested',
    outcome: 'not-interested',
    turns: [
      { speaker: 'agent', text: 'Hi, this is Sophie from Peak Fitness. You visited our gym last month.' },
      { speaker: 'customer', text: 'Yes, I came for the free trial day.' },
      { speaker: 'agent', text: 'How did you like it? Are you still looking for a place to train?' },
      {
        speaker: 'customer',
        text: 'The gym was nice, but it is too far from my office. The drive takes forty minutes.',
      },
      {
        speaker: 'agent',
        text: 'Our annual membership is five hundred and forty dollars, that is only forty five dollars a month.',
      },
      { speaker: 'customer', text: 'The price is fine. The problem is really the distance.' },
      { speaker: 'agent', text: 'We open a new location downtown in the spring. Would that help?' },
      {
        speaker: 'customer',
        text: 'Maybe, but I just signed up at a gym next to my work. I am not interested, sorry.',
      },
      { speaker: 'agent', text: 'I understand. Thank you for your time and enjoy your training.' },
    ],
  },
  {
    id: 'dental-appointment',
    outcome: 'appointment-booked',
    turns: [
      { speaker: 'agent', text: 'Good morning, Smile Dental Clinic, this is Laura returning your call.' },
      { speaker: 'customer', text: 'Hi, yes. I have a tooth that hurts when I drink something cold.' },
      { speaker: 'agent', text: 'I am sorry to hear that. How long has it been hurting?' },
      { speaker: 'customer', text: 'About two weeks. I was afraid it would be expensive, so I waited.' },
      {
        speaker: 'agent',
        text: 'The first exam with an x ray costs eighty five dollars, and most insurance plans cover it.',
      },
      { speaker: 'customer', text: 'My insurance changed this year, so I am not sure it is covered.' },
      {
        speaker: 'agent',
        text: 'We can check your coverage before the visit. Can you come tomorrow at nine?',
      },
      { speaker: 'customer', text: 'Tomorrow at nine is perfect. I will bring my insurance card.' },
      { speaker: 'agent', text: 'Perfect, you are booked. See you tomorrow.' },
    ],
  },
  {
    id: 'marketing-follow-up',
    outcome: 'follow-up',
    turns: [
      {
        speaker: 'agent',
        text: 'Hi, Tom from Growth Lab here. You asked about our local advertising service.',
      },
      { speaker: 'customer', text: 'Right. Our restaurant gets very few new customers during the week.' },
      { speaker: 'agent', text: 'What have you tried so far to bring people in on weekdays?' },
      {
        speaker: 'customer',
        text: 'We posted on social media, but it did not change much. It felt like wasted time.',
      },
      {
        speaker: 'agent',
        text: 'We run targeted ads for restaurants. The starter package is seven hundred and fifty dollars a month.',
      },
      {
        speaker: 'customer',
        text: 'Honestly that is more than our budget. Another agency promised results and failed.',
      },
      {
        speaker: 'agent',
        text: 'I understand the doubt. We can start with a one month trial and report the bookings every week.',
      },
      { speaker: 'customer', text: 'A trial is interesting. Can you send me a written proposal first?' },
      { speaker: 'agent', text: 'Yes. I will email it tomorrow and call you on Friday to go through it.' },
      { speaker: 'customer', text: 'Friday works. Thanks, Tom.' },
    ],
  },
];

export function findScript(id: string): CallScript | undefined {
  return CALL_SCRIPTS.find((s) => s.id === id);
}

/** Rough duration in seconds (175 words a minute plus pauses), used before the audio exists. */
export function estimateDurationSec(script: CallScript): number {
  const words = script.turns.reduce((n, t) => n + t.text.split(/\s+/).length, 0);
  return Math.round((words / 175) * 60 + script.turns.length * 0.7 + 1);
}
