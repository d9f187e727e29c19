/**
 * A coach catalogue written in English only (no French twin of any text, no French examples or
 * cues), as a deployment's own `COACH_CATALOGUE` may be: it must load, and French calls read its
 * English texts.
 */
export const ENGLISH_ONLY_CATALOGUE_JSON = JSON.stringify({
  coaches: [{ name: 'Sam', persona: 'Friendly.', methods: ['Discovery'] }],
  methods: [
    {
      name: 'Discovery',
      description: 'Ask before you pitch.',
      rubric: [
        {
          key: 'pain',
          label: 'Pain questions',
          what: 'Find what hurts.',
          examples: { en: ['What is not working for you?'] },
          good: 'The prospect names the problem.',
          cues: { en: ['not working'] },
        },
      ],
    },
  ],
});
