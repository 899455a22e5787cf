/**
 * Marketing copy (product.md, Pages): the About page, the landing hero and promises, the auth
 * page's benefit cards and the pool of sample questions behind the auth page.
 * Prices, trial length and limits are deliberately absent: they come from the plan catalogue.
 */

export type AboutContent = {
  headline: string;
  paragraphs: string[];
  whatItIs: string[];
  whatItIsNot: string[];
};

export type HeroContent = { headline: string; subhead: string };

export type MarketingPromise = {
  id: 'tracking' | 'labs' | 'insights' | 'analytics';
  title: string;
  description: string;
};

export type AuthBenefitTitle =
  | 'Smart Supplement Tracking'
  | 'Upload Labs & Bloodwork'
  | 'Individualized Insights'
  | 'Optimize Your Health Journey';

export type AuthBenefit = { title: AuthBenefitTitle; description: string };

export const ABOUT: AboutContent = {
  headline: 'Your supplement stack and your lab results, side by side',
  paragraphs: [
    'StackLab started with a simple frustration: people spend real money and effort on supplements, then have no easy way to tell whether anything changed. The bottles are in one place, the blood tests are in another, and how you actually feel is mostly in your memory.',
    'StackLab brings those together. You log what you take and how you feel, upload your lab reports, and see your biomarkers as trends over time, next to the changes you made. An AI assistant can answer questions about your own data in plain language, and it always shows its limits.',
    'We built it for curious, health-conscious people who like to understand their own numbers, and who want better conversations with their doctors, not a replacement for them.',
  ],
  whatItIs: [
    'A private log of your supplements, doses and daily intake',
    'A place to keep your lab reports and follow biomarkers over time',
    'A way to spot patterns between what you take, how you feel and what your labs show',
    'An assistant that answers from your own data and explains its reasoning',
    'Reference information on common supplements, including official upper intake levels',
  ],
  whatItIsNot: [
    'Not a doctor, and not medical advice, diagnosis or treatment',
    'Not an advertising business: we never sell your data',
    'Not a replacement for your clinician: bring your questions and charts to them',
  ],
};

export const LANDING_HERO: HeroContent = {
  headline: 'Optimize your supplement stack with AI-powered insights',
  subhead:
    'Track what you take, upload your lab results, and see how your biomarkers change over time, with an assistant that answers from your own data.',
};

export const MARKETING_PROMISES: readonly MarketingPromise[] = [
  {
    id: 'tracking',
    title: 'Smart tracking',
    description:
      'Log supplements, doses and daily intake in seconds, with a searchable database of common supplements and a streak that keeps you consistent.',
  },
  {
    id: 'labs',
    title: 'Lab upload',
    description:
      'Upload PDFs, photos or documents of your bloodwork. StackLab reads the results for you to review, and keeps every original file.',
  },
  {
    id: 'insights',
    title: 'Individualized insights',
    description:
      'Ask questions in plain language and get answers based on your own stack, health stats and latest biomarkers, never generic advice.',
  },
  {
    id: 'analytics',
    title: 'Analytics',
    description:
      'Follow biomarker trends on clear charts, check totals against official upper limits, and see how changes line up with how you feel.',
  },
];

export const AUTH_BENEFITS: readonly AuthBenefit[] = [
  {
    title: 'Smart Supplement Tracking',
    description: 'Log your stack and daily intake in a few taps, and see it all on one calendar.',
  },
  {
    title: 'Upload Labs & Bloodwork',
    description: 'Turn PDF, photo or document lab reports into biomarker trends you can follow.',
  },
  {
    title: 'Individualized Insights',
    description: 'Ask questions and get answers grounded in your own data, not generic advice.',
  },
  {
    title: 'Optimize Your Health Journey',
    description: 'See how what you take lines up with how you feel and what your labs show.',
  },
];

/** Shown as a rotating background on the auth page; written for StackLab. */
export const SAMPLE_QUESTIONS: readonly string[] = [
  'Is my vitamin D still low since I started 2000 IU?',
  'Did my ferritin go up after three months of iron?',
  'How much magnesium am I getting from all my supplements?',
  'Am I over the upper limit for zinc?',
  'Has my sleep improved since I added glycine?',
  'Which supplements did I miss most often last month?',
  'Should I take iron and calcium at different times?',
  'Is anything in my stack known to affect thyroid tests?',
  'Could my biotin skew my next blood test?',
  'How have my triglycerides changed since I started fish oil?',
  'Is my B12 holding up on a vegan diet?',
  'Can metformin lower my B12 over time?',
  "What's the difference between magnesium glycinate and citrate?",
  'Should I take vitamin D with a meal?',
  'Why did my creatinine rise after starting creatine?',
  'Was my energy better on days I took ashwagandha?',
  'Which of my biomarkers are outside the reference range?',
  'How much EPA and DHA am I getting each day?',
  'Do I need copper if I take zinc every day?',
  'What time of day do I usually take my supplements?',
  'Has my HbA1c changed since my last test?',
  'Do I need vitamin K2 with my vitamin D?',
  'Is my folic acid too high with my multivitamin?',
  'What should I ask my doctor about my latest labs?',
];
