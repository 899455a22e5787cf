import type { PlanCatalogue, TierLimits } from '#contract/plans.ts';
import { formatPrice, yearlySavingsPercent } from '#contract/prices.ts';

/**
 * The Terms of Service (14 sections) and Privacy Policy (10 sections), product.md, Pages.
 * Prices, trial length and limits come from the plan catalogue the server serves (`GET /api/plans`),
 * never from literals here, so the legal text always matches what users are charged.
 */

export type LegalSection = { heading: string; paragraphs: string[] };

export type LegalDocument = {
  title: string;
  effectiveDate: string;
  sections: LegalSection[];
};

export type LegalContext = { supportEmail: string; plans: PlanCatalogue };

export const LEGAL_EFFECTIVE_DATE = 'January 27, 2025';
export const MINIMUM_AGE = 18;

function numbered(sections: LegalSection[]): LegalSection[] {
  return sections.map((section, index) => ({ ...section, heading: `${index + 1}. ${section.heading}` }));
}

function days(count: number): string {
  return count === 1 ? '1 day' : `${count} days`;
}

function describeLimits(limits: TierLimits): string {
  const ai =
    limits.aiMessagesPerMonth === null
      ? limits.aiMessagesPerHour === null
        ? 'unlimited AI assistant messages'
        : `unlimited AI assistant messages (fair use: up to ${limits.aiMessagesPerHour} an hour)`
      : `${limits.aiMessagesPerMonth} AI assistant messages per calendar month`;
  const labs =
    limits.labUploads === null
      ? 'unlimited lab uploads'
      : limits.labUploads === 0
        ? 'no lab uploads'
        : `${limits.labUploads} lab ${limits.labUploads === 1 ? 'upload' : 'uploads'} per ${limits.labUploadWindowMonths} months`;
  return `${ai} and ${labs}`;
}

function describePaidTier(
  tier: { label: string; limits: TierLimits; prices: { monthly: number; yearly: number } },
  currency: string,
): string {
  const monthly = formatPrice(tier.prices.monthly, currency);
  const yearly = formatPrice(tier.prices.yearly, currency);
  const savings = yearlySavingsPercent(tier.prices);
  const savingsText = savings > 0 ? ` (about ${savings}% less than twelve monthly payments)` : '';
  return `${tier.label}: ${monthly} per month, or ${yearly} per year${savingsText}, including ${describeLimits(tier.limits)}.`;
}

export function termsOfService({ supportEmail, plans }: LegalContext): LegalDocument {
  const { free, starter, pro } = plans.tiers;
  const moneyBack =
    plans.moneyBackDays > 0
      ? `If you are not satisfied, you can ask for a full refund of your first payment for a paid plan within ${days(plans.moneyBackDays)} of that payment. E-mail ${supportEmail} from the address on your account and we will refund it to the original payment method; no reason is needed.`
      : null;

  return {
    title: 'Terms of Service',
    effectiveDate: LEGAL_EFFECTIVE_DATE,
    sections: numbered([
      {
        heading: 'Acceptance of These Terms',
        paragraphs: [
          'These Terms of Service ("Terms") are an agreement between you and StackLab ("StackLab", "we", "us") about your use of the StackLab website, apps and related services (together, the "Service").',
          'By creating an account or using the Service, you agree to these Terms and to our Privacy Policy. If you do not agree, please do not use the Service.',
        ],
      },
      {
        heading: 'Who May Use StackLab',
        paragraphs: [
          `You must be at least ${MINIMUM_AGE} years old to create an account or use the Service. By using it, you confirm that you are.`,
          'You may use the Service only for your own personal, non-commercial purposes and only where doing so is lawful for you.',
        ],
      },
      {
        heading: 'Your Account',
        paragraphs: [
          'You need an account to use most of the Service. Give us accurate information, keep your password private, and tell us promptly if you think someone else has used your account.',
          'You are responsible for what happens under your account. You can review your active sessions in your profile and end any of them, and you can delete your account at any time.',
        ],
      },
      {
        heading: 'What the Service Does',
        paragraphs: [
          'StackLab lets you record the supplements you take and your daily intake, note how you feel, keep basic health statistics, upload lab and bloodwork files to follow biomarkers over time, and ask an AI assistant questions about your own data.',
          'We may improve, change or remove features over time. If a change takes away something important from a paid plan you have already paid for, we will tell you in advance.',
        ],
      },
      {
        heading: 'Not Medical Advice',
        paragraphs: [
          'StackLab is an information and tracking tool. It is not a medical device, and nothing in the Service, including the AI assistant, charts, reference ranges, upper intake levels and articles, is medical advice, diagnosis or treatment.',
          'Always talk to a doctor, pharmacist or other qualified health professional before you start, stop or change a supplement, medicine or treatment, and about any lab result that concerns you. Do not ignore professional advice or delay seeking it because of something you read in StackLab. In an emergency, call your local emergency number.',
          'Biomarker values read automatically from uploaded files may be wrong or incomplete. Check them against the original report before relying on them.',
        ],
      },
      {
        heading: 'Free Trial, Plans and Billing',
        paragraphs: [
          `New accounts start on the ${free.label} tier, which lasts ${days(plans.trialDays)} from sign-up and includes ${describeLimits(free.limits)}. If you log supplements on ${plans.trialExtensionStreakDays} days in a row, you can claim an extra ${days(plans.trialExtensionDays)}, once per account.`,
          'When the trial ends you can still sign in, see, export and delete your data, and upgrade; the AI assistant, lab uploads and new logs need a paid plan.',
          `Our paid plans are: ${describePaidTier(starter, plans.currency)} ${describePaidTier(pro, plans.currency)} Prices are in ${plans.currency} and may not include taxes that apply where you live.`,
          'Paid plans renew automatically at the end of each billing period (monthly or yearly) and are charged to the payment method you gave us, through our payment processor, until you cancel. If we change a price, we will tell you before it applies, and the new price starts at your next renewal.',
        ],
      },
      {
        heading: 'Cancelling Your Plan',
        paragraphs: [
          'You can cancel a paid plan at any time from your account or by e-mailing us. Cancelling stops future renewals; you keep access to your paid features until the end of the billing period you have already paid for.',
          'After that, your account returns to the free tier and your data stays available to you as described in section 6.',
        ],
      },
      {
        heading: 'Refunds and Money-Back Guarantee',
        paragraphs: [
          ...(moneyBack ? [moneyBack] : []),
          `Apart from ${moneyBack ? 'that guarantee' : 'refunds required by law'}, payments already made are non-refundable, and we do not give partial refunds for unused time. We may still grant a refund at our discretion, and nothing in these Terms limits any refund right you have under the law where you live.`,
        ],
      },
      {
        heading: 'Your Data and Content',
        paragraphs: [
          'You own the information you put into StackLab, including supplement logs, notes, health statistics, chat messages and uploaded files. You give us permission to store and process it only as needed to run the Service for you, as described in our Privacy Policy.',
          'You are responsible for having the right to upload what you upload. Please upload only your own records, or records you are entitled to share.',
        ],
      },
      {
        heading: 'Acceptable Use',
        paragraphs: [
          'Do not misuse the Service. In particular, do not: break the law; access other people’s accounts or data; upload malware or files meant to harm the Service; probe, overload or get around our security or usage limits; scrape or resell the Service; or use it to build a competing product.',
          'We may limit, suspend or close an account that breaks these rules or puts other users or the Service at risk. Where it is reasonable, we will tell you first and give you a chance to fix the problem and export your data.',
        ],
      },
      {
        heading: 'The AI Assistant',
        paragraphs: [
          'The assistant generates answers automatically from your data and general reference information. Its answers can be incomplete, out of date or wrong, so treat them as a starting point for a conversation with a professional, not as a conclusion.',
          'Usage limits for the assistant depend on your plan, as described in section 6. When you reach a limit, we will tell you which limit applies and when it resets.',
        ],
      },
      {
        heading: 'Our Intellectual Property',
        paragraphs: [
          'The Service, including its software, design, text and reference content, belongs to StackLab or its licensors and is protected by law. We give you a personal, non-transferable right to use it under these Terms.',
          'If you send us feedback or suggestions, we may use them without owing you anything.',
        ],
      },
      {
        heading: 'Disclaimers and Limitation of Liability',
        paragraphs: [
          'We work hard to keep StackLab accurate and available, but we provide it "as is" and "as available", without warranties that it will be error-free, uninterrupted or suitable for a particular purpose, to the extent the law allows.',
          'To the extent the law allows, StackLab is not liable for indirect or consequential losses, or for decisions you make about your health based on the Service, and our total liability to you for any claim is limited to the amount you paid us in the twelve months before the claim. Nothing in these Terms limits liability that cannot be limited by law.',
        ],
      },
      {
        heading: 'Changes, Ending These Terms and Contact',
        paragraphs: [
          'We may update these Terms. If a change is significant, we will tell you by e-mail or in the app before it takes effect; continuing to use the Service after that means you accept the new Terms.',
          'You can stop using the Service and delete your account at any time. These Terms end when your account is closed, except for the parts that by their nature should continue, such as sections 12 and 13.',
          `Questions about these Terms, cancellations and refund requests: e-mail ${supportEmail}. We answer support requests by e-mail.`,
        ],
      },
    ]),
  };
}

export function privacyPolicy({ supportEmail, plans }: LegalContext): LegalDocument {
  const paidTiers = `${plans.tiers.starter.label} or ${plans.tiers.pro.label}`;

  return {
    title: 'Privacy Policy',
    effectiveDate: LEGAL_EFFECTIVE_DATE,
    sections: numbered([
      {
        heading: 'About This Policy',
        paragraphs: [
          'This Privacy Policy explains what information StackLab collects when you use our website and services, how we use and protect it, who we share it with, and the choices you have.',
          'Because StackLab stores information about your health, we treat it with extra care: we use it only to provide the Service to you, we never sell it, and we never use it for advertising.',
        ],
      },
      {
        heading: 'Information We Collect',
        paragraphs: [
          'Account information: your name, username, e-mail address, password (stored only as a secure hash), optional phone number, time zone and, if you sign in with Google, the basic profile details Google shares with us.',
          'Health information you choose to add: the supplements you take and log (name, dose, frequency, times taken), notes and ratings of energy, mood and sleep, health statistics such as weight, height, sex, ethnicity, date of birth, average sleep and allergies, the lab and bloodwork files you upload, the biomarker results read from them or entered by you, and your conversations with the AI assistant.',
          `Payment information: if you subscribe to ${paidTiers}, our payment processor collects your card details and billing address. We receive only what we need to manage your plan, such as the plan, payment status and the last digits and expiry of the card; we never see or store your full card number.`,
          'Usage information: pages and features you use, how many AI messages and lab uploads you have used, device and browser type, IP address, and logs of errors and security events.',
          'Cookies: small files stored in your browser, described in section 4.',
        ],
      },
      {
        heading: 'How We Use Your Information',
        paragraphs: [
          'We use your information to: create and secure your account; store and show your logs, charts and lab results; read biomarkers from the files you upload; let the AI assistant answer questions using your own data; process payments and manage your plan, trial and usage limits; send the e-mails you need, such as verification, password reset and billing notices; answer your support requests; and keep the Service working, secure and free of abuse.',
          'We may use aggregated or de-identified statistics that cannot identify you to understand how the Service is used and to improve it. We do not use your health information for advertising, and we do not use it to train AI models.',
          'We send marketing e-mails only if you agree to them, and every one has a way to opt out.',
        ],
      },
      {
        heading: 'Cookies',
        paragraphs: [
          'We use a necessary cookie to keep you signed in securely and to remember your cookie choice. The Service cannot work without these.',
          'If we use any other cookies, such as for anonymous usage statistics, we set them only after you choose "Accept" in our cookie banner. If you choose "Decline", we use only the necessary ones. You can also clear cookies in your browser at any time.',
        ],
      },
      {
        heading: 'How We Share Your Information',
        paragraphs: [
          'We do not sell your personal information, and we do not share it with advertisers or data brokers.',
          'Service providers: we share information with companies that help us run StackLab, only as needed for their task and under contracts that require them to protect it. These include hosting and storage, our payment processor, e-mail delivery and, when the assistant uses an external AI model, the provider of that model, which receives the parts of your data needed to answer your question.',
          'Legal reasons: we may disclose information when the law requires it, or when it is necessary to protect the rights, safety or property of our users, the public or StackLab. Where allowed, we will tell you about a request for your data.',
          'Business transfers: if StackLab is involved in a merger, acquisition or sale of assets, your information may be transferred as part of that deal. The new owner will have to honour this policy, and we will tell you before your information becomes subject to a different one.',
        ],
      },
      {
        heading: 'How Long We Keep Your Information',
        paragraphs: [
          'We keep your information while your account is open, so that you can see your history and trends.',
          'You can delete individual entries and uploaded files at any time. When you delete your account, we delete your personal and health information from our active systems; copies in backups are erased as those backups expire in their normal cycle.',
          'We keep some records longer when the law requires it, for example payment and tax records, and we may keep security logs for a limited time to protect the Service.',
        ],
      },
      {
        heading: 'Your Rights and Choices',
        paragraphs: [
          'Access: you can see your information in the app and ask us for a copy.',
          'Correction: you can edit your profile, health statistics, logs and lab results, or ask us to correct anything you cannot change yourself.',
          'Deletion: you can delete entries, files or your whole account, or ask us to do it.',
          'Portability: you can export your data in a common, machine-readable format.',
          'Opt-out: you can unsubscribe from marketing e-mails, decline non-essential cookies, and withdraw any consent you have given, without affecting what was done before.',
          `To use any of these rights, use the settings in the app or e-mail ${supportEmail}. We may need to confirm your identity first, and we will not treat you differently for using your rights. You may also have the right to complain to your local data protection authority.`,
        ],
      },
      {
        heading: 'How We Protect Your Information',
        paragraphs: [
          'We protect your information with safeguards such as encrypted connections (HTTPS), passwords stored only as strong one-way hashes, secure server-side sessions, access controls that limit who on our side can see data, and checks on every uploaded file.',
          'No service can be perfectly secure. If a breach affects your information, we will tell you and the relevant authorities as the law requires.',
        ],
      },
      {
        heading: 'Children',
        paragraphs: [
          `StackLab is for adults. We do not allow anyone under ${MINIMUM_AGE} to create an account, and we do not knowingly collect information from children under ${MINIMUM_AGE}.`,
          `If you believe a child under ${MINIMUM_AGE} has given us information, contact us at ${supportEmail} and we will delete it.`,
        ],
      },
      {
        heading: 'Changes to This Policy and Contact',
        paragraphs: [
          'We may update this policy as the Service changes. If a change is significant, we will tell you by e-mail or in the app before it takes effect, and the date at the top will change.',
          `Questions or requests about your privacy: e-mail ${supportEmail}.`,
        ],
      },
    ]),
  };
}
