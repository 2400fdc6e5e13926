import { z } from 'zod';
import { formatCalendarDate, formatDate, formatDateTime, formatTime } from './dates';
import { messages } from './messages';
import { walletMessages } from './wallet-messages';

/**
 * What the platform tells people (issue #30), once: each kind's Greek text, for the e-mail (a plain
 * text part and a simple accessible HTML part) and for the wallet's inbox. People are named by name,
 * never by ΑΦΜ or ΑΜΚΑ; every message says why the person got it and links to the service.
 */
export const NOTIFICATION_KINDS = [
  'COMPANION_REQUESTED',
  'COMPANION_ACCEPTED',
  'COMPANION_REJECTED',
  'COMPANION_NO_LONGER_NEEDED',
  'LOAN_OFFERED',
  'LOAN_ACCEPTED',
  'LOAN_REJECTED',
  'LOAN_REVOKED',
  'LOAN_REVERTED',
  'SUSPENSION_ENTERED',
  'SUSPENSION_CHANGED',
  'SUSPENSION_LIFTED',
  'TICKET_BOUND',
  'MINOR_ADMITTED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a message names: the match, and the people by name (no identifier of anyone). */
export const notificationParamsSchema = z.object({
  eventDescription: z.string().default(''),
  eventStartsAt: z.string().default(''),
  venue: z.string().default(''),
  /** Who acted or asked: the guardian, the companion, the loan's holder or recipient. */
  otherName: z.string().default(''),
  /** A companion request's minor, by first name only. */
  minorFirstName: z.string().optional(),
  /**
   * A suspension's last day (YYYY-MM-DD) and the organisation that entered it (null: the platform);
   * for a ticket bound at a ticket office, the organisation whose office it was.
   */
  lastDay: z.string().optional(),
  organisationName: z.string().nullable().optional(),
  /** When a minor was admitted at the gate (ISO instant; shown in Athens time). */
  admittedAt: z.string().optional(),
});
/** What a change gives (absent texts are empty); what a template reads is `StoredNotificationParams`. */
export type NotificationParams = z.input<typeof notificationParamsSchema>;
export type StoredNotificationParams = z.output<typeof notificationParamsSchema>;

/** An entry of the wallet's inbox (`GET /api/wallet/notifications`), newest first. */
export const walletNotificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  subject: z.string(),
  paragraphs: z.array(z.string()),
  reason: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  read: z.boolean(),
});
export type WalletNotification = z.infer<typeof walletNotificationSchema>;

export interface RenderedNotification {
  subject: string;
  /** The message's paragraphs, in order. */
  paragraphs: string[];
  /** Why the person got it. */
  reason: string;
  text: string;
  html: string;
}

const match = (p: StoredNotificationParams) =>
  `«${p.eventDescription}» (${formatDate(p.eventStartsAt)}, ${formatTime(p.eventStartsAt)}, ${p.venue})`;

/**
 * A name as a message shows it, never empty (issue 40): a person the registry does not know, a name
 * erased by retention or one that came blank says so, in words that read alike in every case.
 */
export const UNNAMED_PERSON = '(το όνομα δεν είναι διαθέσιμο)';
const named = (name: string | null | undefined): string => name?.trim() || UNNAMED_PERSON;

type Template = (p: StoredNotificationParams) => { subject: string; paragraphs: string[]; reason: string };

export const notificationTemplates: Record<NotificationKind, Template> = {
  COMPANION_REQUESTED: (p) => ({
    subject: `Αίτημα συνοδείας ανηλίκου: ${named(p.minorFirstName)}`,
    paragraphs: [
      `Ο/Η ${named(p.otherName)} σας ζητά να συνοδεύσετε τον/την ανήλικο/η ${named(p.minorFirstName)} στον αγώνα ${match(p)}.`,
      `Για να απαντήσετε, ανοίξτε το Gov.gr Wallet, επιλέξτε «Αιτήματα συνοδείας» και πατήστε «Αποδοχή» ή «Απόρριψη». Μπορείτε να απαντήσετε έως την έναρξη του αγώνα, ${formatDateTime(p.eventStartsAt)}.`,
      'Αν αποδεχθείτε, πρέπει να είστε παρών/παρούσα στην είσοδο μαζί με τον/την ανήλικο/η.',
    ],
    reason: 'Λαμβάνετε αυτό το μήνυμα επειδή σας όρισαν συνοδό ανηλίκου.',
  }),
  COMPANION_ACCEPTED: (p) => ({
    subject: `Ο/Η ${named(p.otherName)} αποδέχθηκε τη συνοδεία`,
    paragraphs: [
      `Ο/Η ${named(p.otherName)} αποδέχθηκε να συνοδεύσει τον/την ${named(p.minorFirstName)} στον αγώνα ${match(p)}.`,
      'Το εισιτήριο του/της ανηλίκου ισχύει για την είσοδο μαζί με τον/τη συνοδό.',
    ],
    reason: 'Λαμβάνετε αυτό το μήνυμα επειδή στείλατε αίτημα συνοδείας για ανήλικο.',
  }),
  COMPANION_REJECTED: (p) => ({
    subject: `Ο/Η ${named(p.otherName)} απέρριψε τη συνοδεία`,
    paragraphs: [
      `Ο/Η ${named(p.otherName)} απέρριψε το αίτημα να συνοδεύσει τον/την ${named(p.minorFirstName)} στον αγώνα ${match(p)}.`,
      'Μπορείτε να ορίσετε άλλον/άλλη συνοδό από την υπηρεσία, έως την έναρξη του αγώνα.',
    ],
    reason: 'Λαμβάνετε αυτό το μήνυμα επειδή στείλατε αίτημα συνοδείας για ανήλικο.',
  }),
  COMPANION_NO_LONGER_NEEDED: (p) => ({
    subject: `Δεν χρειάζεται πλέον να συνοδεύσετε τον/την ${named(p.minorFirstName)}`,
    paragraphs: [
      `Ο/Η ${named(p.otherName)} ακύρωσε ή άλλαξε τη συνοδεία του/της ${named(p.minorFirstName)} στον αγώνα ${match(p)}.`,
      'Δεν χρειάζεται να κάνετε κάτι.',
    ],
    reason: 'Λαμβάνετε αυτό το μήνυμα επειδή είχατε οριστεί συνοδός ανηλίκου.',
  }),
  LOAN_OFFERED: (p) => ({
    subject: `Ο/Η ${named(p.otherName)} σας δανείζει εισιτήριο`,
    paragraphs: [
      `Ο/Η ${named(p.otherName)} σας δανείζει το διαρκές εισιτήριό του/της για τον αγώνα ${match(p)}.`,
      'Για να το αποδεχθείτε ή να το απορρίψετε, ανοίξτε το Gov.gr Wallet και επιλέξτε «Μεταβιβάσεις», πριν από την έναρξη του αγώνα.',
    ],
    reason: 'Λαμβάνετε αυτό το μήνυμα επειδή σας όρισαν παραλήπτη/τρια εισιτηρίου.',
  }),
  LOAN_ACCEPTED: (p) => ({
    subject: `Ο/Η ${named(p.otherName)} αποδέχθηκε το εισιτήριο`,
    paragraphs: [
      `Ο/Η ${named(p.otherName)} αποδέχθηκε το εισιτήριο που του/της δανείσατε για τον αγώνα ${match(p)}.`,
      'Σε αυτόν τον αγώνα εισέρχεται ο/η παραλήπτης/τρια· τους υπόλοιπους αγώνες της σεζόν τους παρακολουθείτε εσείς.',
    ],
    reason: 'Λαμβάνετε αυτό το μήνυμα επειδή δανείσατε αγώνα του διαρκούς εισιτηρίου σας.',
  }),
  LOAN_REJECTED: (p) => ({
    subject: `Ο/Η ${named(p.otherName)} απέρριψε το εισιτήριο`,
    paragraphs: [
      `Ο/Η ${named(p.otherName)} απέρριψε το εισιτήριο που του/της δανείσατε για τον αγώνα ${match(p)}.`,
      'Το εισιτήριο παραμένει σε εσάς και ισχύει κανονικά.',
    ],
    reason: 'Λαμβάνετε αυτό το μήνυμα επειδή δανείσατε αγώνα του διαρκούς εισιτηρίου σας.',
  }),
  LOAN_REVOKED: (p) => ({
    subject: `Ο/Η ${named(p.otherName)} ανακάλεσε τον δανεισμό εισιτηρίου`,
    paragraphs: [
      `Ο/Η ${named(p.otherName)} ανακάλεσε τον δανεισμό του εισιτηρίου για τον αγώνα ${match(p)}.`,
      'Το εισιτήριο δεν ισχύει πλέον για εσάς σε αυτόν τον αγώνα.',
    ],
    reason: 'Λαμβάνετε αυτό το μήνυμα επειδή σας είχε δανειστεί εισιτήριο.',
  }),
  LOAN_REVERTED: (p) => ({
    subject: 'Ο δανεισμός του εισιτηρίου σας έκλεισε',
    paragraphs: [
      `Ο δανεισμός του διαρκούς εισιτηρίου σας στον/στην ${named(p.otherName)} για τον αγώνα ${match(p)} έκλεισε, αφού ο αγώνας ολοκληρώθηκε.`,
      'Το εισιτήριο είναι ξανά μόνο δικό σας για τους υπόλοιπους αγώνες της σεζόν.',
    ],
    reason: 'Λαμβάνετε αυτό το μήνυμα επειδή δανείσατε αγώνα του διαρκούς εισιτηρίου σας.',
  }),
  SUSPENSION_ENTERED: (p) => ({
    subject: 'Αποκλεισμός από αθλητικές εκδηλώσεις',
    paragraphs: [
      walletMessages.blockedNotice(formatCalendarDate(p.lastDay), p.organisationName?.trim() || null),
      'Όσο ισχύει ο αποκλεισμός, τα εισιτήριά σας δεν ισχύουν για είσοδο και δεν μπορείτε να οριστείτε συνοδός ή παραλήπτης εισιτηρίου.',
    ],
    reason: 'Λαμβάνετε αυτό το μήνυμα επειδή καταχωρίστηκε αποκλεισμός στο όνομά σας.',
  }),
  SUSPENSION_CHANGED: (p) => ({
    subject: 'Αλλαγή αποκλεισμού από αθλητικές εκδηλώσεις',
    paragraphs: [
      'Ο αποκλεισμός σας από αθλητικές εκδηλώσεις άλλαξε.',
      walletMessages.blockedNotice(formatCalendarDate(p.lastDay), p.organisationName?.trim() || null),
    ],
    reason: 'Λαμβάνετε αυτό το μήνυμα επειδή άλλαξε αποκλεισμός που είναι καταχωρισμένος στο όνομά σας.',
  }),
  SUSPENSION_LIFTED: (p) => ({
    subject: 'Άρση αποκλεισμού από αθλητικές εκδηλώσεις',
    paragraphs: [
      p.organisationName?.trim()
        ? `Ο αποκλεισμός σας από αθλητικές εκδηλώσεις, που είχε καταχωρίσει ο οργανισμός «${p.organisationName}», άρθηκε.`
        : 'Ο αποκλεισμός σας από αθλητικές εκδηλώσεις άρθηκε.',
      'Τα εισιτήριά σας ισχύουν ξανά κανονικά.',
    ],
    reason: 'Λαμβάνετε αυτό το μήνυμα επειδή είχε καταχωριστεί αποκλεισμός στο όνομά σας.',
  }),
  TICKET_BOUND: (p) => ({
    subject: 'Έκδοση εισιτηρίου στο όνομά σας',
    paragraphs: [
      `Εκδόθηκε εισιτήριο στο όνομά σας για τον αγώνα ${match(p)} από το εκδοτήριο του οργανισμού «${named(p.organisationName)}», με τον αριθμό της αστυνομικής σας ταυτότητας.`,
      'Στην είσοδο θα σας ζητηθεί η ίδια ταυτότητα. Αν δεν ζητήσατε εσείς αυτό το εισιτήριο, επικοινωνήστε με τον οργανισμό.',
    ],
    reason: 'Λαμβάνετε αυτό το μήνυμα επειδή εκδόθηκε εισιτήριο με τα στοιχεία της ταυτότητάς σας.',
  }),
  MINOR_ADMITTED: (p) => ({
    subject: `Ο/Η ${named(p.minorFirstName)} μπήκε στο γήπεδο`,
    paragraphs: [
      `Ο/Η ${named(p.minorFirstName)} μπήκε στον αγώνα ${match(p)} στις ${formatTime(p.admittedAt)}` +
        (p.otherName.trim() ? ` με τον/τη συνοδό ${p.otherName}.` : ', χωρίς συνοδό.'),
      'Αν δεν αναγνωρίζετε αυτή την είσοδο, επικοινωνήστε με τον οργανισμό που διοργανώνει τον αγώνα.',
    ],
    reason: 'Λαμβάνετε αυτό το μήνυμα επειδή είστε κηδεμόνας του/της ανηλίκου.',
  }),
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

export const notificationFrame = {
  greeting: 'Καλησπέρα σας,',
  openService: 'Μετάβαση στην υπηρεσία',
  signature: 'Ψηφιακό εισιτήριο αθλητικών αγώνων — gov.gr',
  noReply: 'Μην απαντάτε σε αυτό το μήνυμα: η διεύθυνση δεν διαβάζεται.',
};

/**
 * A message as the person reads it: `serviceUrl` is the service's own address (PUBLIC_URL). The
 * HTML is one column of text (GOV.GR's blue bar, its fonts, no images), readable at a phone's width.
 */
export function renderNotification(
  kind: NotificationKind,
  params: StoredNotificationParams,
  serviceUrl: string,
): RenderedNotification {
  const { subject, paragraphs, reason } = notificationTemplates[kind](params);
  const link = `${serviceUrl}/tickets`;
  const text = [
    notificationFrame.greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${notificationFrame.openService}: ${link}`,
    '',
    '--',
    reason,
    notificationFrame.noReply,
    notificationFrame.signature,
  ].join('\n');
  const paragraph = (body: string) =>
    `<p style="margin:0 0 16px;font-size:19px;line-height:1.4">${escapeHtml(body)}</p>`;
  const html = `<!doctype html>
<html lang="el">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;background:#f3f2f1;color:#0b0c0c;font-family:'Roboto','Helvetica Neue',Arial,sans-serif">
<div role="banner" style="background:#003375;color:#ffffff;padding:12px 16px;font-size:22px;font-weight:bold">gov.gr <span style="font-weight:normal;font-size:17px">${escapeHtml(messages.app.title)}</span></div>
<main style="max-width:640px;margin:0 auto;background:#ffffff;padding:24px 16px">
<h1 style="margin:0 0 16px;font-size:26px;line-height:1.25">${escapeHtml(subject)}</h1>
${paragraph(notificationFrame.greeting)}
${paragraphs.map(paragraph).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#00703c;color:#ffffff;padding:10px 16px;font-size:19px;font-weight:bold;text-decoration:none">${escapeHtml(notificationFrame.openService)}</a></p>
</main>
<footer style="max-width:640px;margin:0 auto;padding:16px;font-size:16px;color:#505a5f">
<p style="margin:0 0 8px">${escapeHtml(reason)}</p>
<p style="margin:0 0 8px">${escapeHtml(notificationFrame.noReply)}</p>
<p style="margin:0">${escapeHtml(notificationFrame.signature)}</p>
</footer>
</body>
</html>
`;
  return { subject, paragraphs, reason, text, html };
}
