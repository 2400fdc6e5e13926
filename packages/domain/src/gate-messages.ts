import type { AdmissionReason } from './admission-reasons';

/**
 * The gate's texts: what a steward reads at the turnstile, the ticket office's gate devices and live
 * counts, and the verifier's refusals of a wallet's presentation. The rest: messages.ts.
 */

/** The gate: what a steward reads for each decision, and the devices' form. */
export const gateMessages = {
  voidReason: 'Γράψτε τον λόγο της ακύρωσης της εισόδου (έως 500 χαρακτήρες).',
  label: 'Δώστε ένα όνομα για τη συσκευή (έως 60 χαρακτήρες), π.χ. «Θύρα 7 - κινητό 2».',
  eventId: 'Επιλέξτε τον αγώνα.',
  code: 'Σαρώστε ή πληκτρολογήστε τον κωδικό του εισιτηρίου.',
  uploadAdmittedAt: 'Κάθε είσοδος αναφέρει την ώρα της (ISO 8601, π.χ. 2026-03-14T19:00:00.000Z).',
  uploadAdmissions: 'Στείλτε από 1 έως 500 εισόδους και αρνήσεις μαζί σε κάθε αποστολή.',
  uploadRefusedAt: 'Κάθε άρνηση αναφέρει την ώρα της (ISO 8601, π.χ. 2026-03-14T19:00:00.000Z).',
  uploadReason: 'Κάθε άρνηση αναφέρει τον λόγο της, όπως τον έδωσε η συσκευή.',
  devicePublicKey:
    'Το κλειδί της συσκευής δεν είναι έγκυρο. Κλείστε και ανοίξτε ξανά το εισιτήριο στο πορτοφόλι σας.',
  decisions: {
    ADMITTED: 'Είσοδος επιτρέπεται.',
    ALREADY_ADMITTED: 'Το εισιτήριο έχει ήδη χρησιμοποιηθεί για είσοδο σε αυτόν τον αγώνα.',
    UNKNOWN_CODE: 'Άγνωστος κωδικός: το εισιτήριο δεν είναι έγκυρο.',
    WRONG_EVENT: 'Το εισιτήριο είναι για άλλον αγώνα.',
    NOT_FOR_THIS_EVENT: 'Το εισιτήριο δεν ισχύει για αυτόν τον αγώνα (έχει παραχωρηθεί σε άλλο πρόσωπο).',
    EVENT_OVER: 'Ο αγώνας έχει ολοκληρωθεί.',
    EVENT_CANCELLED: 'Ο αγώνας έχει ακυρωθεί: η είσοδος δεν επιτρέπεται.',
    NOT_OPEN_YET: 'Οι πύλες δεν έχουν ανοίξει ακόμη για αυτόν τον αγώνα.',
    SUSPENDED: 'Ο κάτοχος έχει αποκλειστεί από αθλητικές εκδηλώσεις: η είσοδος δεν επιτρέπεται.',
    COMPANION_REQUIRED: 'Ανήλικος κάτω των 15 ετών χωρίς εγκεκριμένο συνοδό: η είσοδος δεν επιτρέπεται.',
    REVOKED: 'Ο κωδικός έχει αντικατασταθεί ή ανακληθεί: ζητήστε τον τρέχοντα κωδικό από το Wallet.',
    CODE_EXPIRED:
      'Ο κωδικός έχει λήξει. Ζητήστε από τον κάτοχο να ανοίξει ξανά το εισιτήριο στο πορτοφόλι του.',
  },
  /**
   * UNKNOWN_CODE offline for a genuine wallet code issued after the device's manifest was read
   * (`verifyGateCode`'s `newerThanList`): the phone was registered since; the ticket is likely valid.
   */
  newerThanList:
    'Ο κωδικός είναι νεότερος από τη λίστα εισιτηρίων αυτής της συσκευής: το κινητό καταχωρίστηκε μετά την τελευταία ενημέρωσή της, χωρίς σύνδεση. Συνδέστε τη συσκευή στο δίκτυο και σαρώστε ξανά, ή στείλτε τον φίλαθλο σε ελεγκτή με σύνδεση.',
  /** REVOKED for a printed code (QR or Code 128): a reprint replaced it; the holder has no Wallet code. */
  revokedPrint:
    'Αυτή η εκτύπωση του εισιτηρίου έχει αντικατασταθεί από νεότερη και δεν ισχύει για είσοδο: ο κάτοχος να απευθυνθεί στο εκδοτήριο.',
  seat: (place: { sector: string | null; row: string | null; seat: string | null }) =>
    [place.sector, place.row && `Σειρά ${place.row}`, place.seat && `Θέση ${place.seat}`]
      .filter(Boolean)
      .join(', ') || null,
  alreadyAdmittedAt: (time: string, device: string) =>
    `Το εισιτήριο έχει ήδη χρησιμοποιηθεί για είσοδο στις ${time} (${device}).`,
  /** Why an uploaded offline admission was not recorded, beyond the decisions above. */
  uploadReasons: {
    RECORDED_IN_FUTURE:
      'Η ώρα της εισόδου είναι μεταγενέστερη από την ώρα του διακομιστή: το ρολόι της συσκευής δεν είναι σωστό.',
  },
} as const;

/** The ticket office's "Πύλες εισόδου" screen: the club's gate devices (docs/design.md §8). */
export const gateDevicesMessages = {
  intro:
    'Οι συσκευές εισόδου (κινητά των ελεγκτών, αναγνώστες) ελέγχουν τα εισιτήρια στις θύρες του γηπέδου. Καταχωρίστε κάθε συσκευή μία φορά και ανακαλέστε όσες χάθηκαν ή δεν χρησιμοποιούνται.',
  listTitle: 'Συσκευές',
  none: 'Δεν έχει καταχωριστεί καμία συσκευή.',
  label: 'Όνομα συσκευής',
  organisation: 'Σύλλογος της συσκευής',
  organisationHint: 'Ως υπάλληλος όλης της πλατφόρμας ορίζετε τον σύλλογο κάθε συσκευής.',
  chooseOrganisation: 'Επιλέξτε σύλλογο',
  organisationsFailed: 'Δεν ήταν δυνατή η φόρτωση των συλλόγων. Δοκιμάστε ξανά.',
  createdAt: 'Καταχωρίστηκε',
  revokedAt: (when: string) => `Ανακλήθηκε στις ${when}`,
  pairedAt: (when: string) => `Συζεύχθηκε στις ${when}`,
  notPaired: 'Δεν έχει γίνει ακόμη σύζευξη.',
  pairingRefusedAt: (when: string) =>
    `Στις ${when} απορρίφθηκε δεύτερη σύζευξη με το ίδιο διακριτικό: κάποιος έχει αντίγραφό του. Αν δεν ήταν δική σας δοκιμή, ανακαλέστε τη συσκευή και καταχωρίστε νέα.`,
  live: 'Ενεργή',
  /** A paired device's credential ends the night of the club's last match of the day (docs/design.md §8). */
  worksUntil: (when: string) => `Λειτουργεί έως ${when}`,
  expiredAt: (when: string) =>
    `Η πρόσβασή της έληξε στις ${when}. Ανανεώστε την για να τη χρησιμοποιήσετε ξανά, χωρίς νέα σύζευξη.`,
  renew: 'Ανανέωση πρόσβασης',
  renewLabel: (label: string) => `Ανανέωση πρόσβασης της συσκευής ${label}`,
  renewed: (when: string) => `Η συσκευή λειτουργεί έως ${when}.`,
  revoke: 'Ανάκληση',
  revokeLabel: (label: string) => `Ανάκληση της συσκευής ${label}`,
  revokeTitle: 'Ανάκληση συσκευής',
  revokeBody: (label: string) =>
    `Η συσκευή «${label}» δεν θα μπορεί πλέον να ελέγχει εισιτήρια. Για να ξαναχρησιμοποιηθεί, χρειάζεται νέα καταχώριση.`,
  revoked: 'Η συσκευή ανακλήθηκε.',
  createTitle: 'Νέα συσκευή',
  create: 'Καταχώριση συσκευής',
  tokenTitle: (label: string) => `Κλειδί σύζευξης της συσκευής «${label}»`,
  tokenWarning:
    'Το κλειδί εμφανίζεται μόνο τώρα. Σαρώστε τον κωδικό QR με τη συσκευή (σελίδα /gate) ή αντιγράψτε το κλειδί· αν χαθεί, ανακαλέστε τη συσκευή και καταχωρίστε νέα.',
  tokenText: 'Κλειδί (κείμενο)',
  tokenQr: 'Το κλειδί σύζευξης σε κωδικό QR',
  done: 'Ολοκληρώθηκε',
  loadFailed: 'Δεν ήταν δυνατή η φόρτωση των συσκευών. Δοκιμάστε ξανά.',
} as const;

/** The ticket office's live count of one match's entrance, on the "Πύλες εισόδου" screen. */
export const gateCountsMessages = {
  title: 'Καταμέτρηση εισόδων',
  intro: 'Επιλέξτε αγώνα για να δείτε πόσοι εισήλθαν και πόσοι απορρίφθηκαν στις θύρες, ανά λόγο.',
  event: 'Αγώνας',
  noEvents: 'Δεν υπάρχει αγώνας σε εξέλιξη ή προσεχώς.',
  admitted: 'Εισήλθαν',
  refused: 'Απορρίφθηκαν',
  refusedByReason: 'Απορρίψεις ανά λόγο',
  reason: 'Λόγος',
  count: 'Πλήθος',
  noRefusals: 'Καμία απόρριψη.',
  lastScan: 'Τελευταίος έλεγχος',
  noScan: 'Δεν έχει γίνει έλεγχος ακόμη',
  doubleEntries: 'Διπλές είσοδοι (εκτός σύνδεσης)',
  noDoubleEntries: 'Καμία διπλή είσοδος.',
  ticketCode: 'Εισιτήριο',
  firstEntry: 'Πρώτη είσοδος',
  againEntry: 'Δεύτερη είσοδος',
  entryAt: (device: string, time: string) => `${device}, ${time}`,
  /** Voiding a wrong admission (docs/design.md §8): the holder may then enter. */
  voidTitle: 'Ακύρωση εισόδου',
  voidIntro:
    'Αν καταγράφηκε είσοδος κατά λάθος, ακυρώστε την: ο κάτοχος του εισιτηρίου θα μπορεί να εισέλθει ξανά.',
  voidTicketCode: 'Κωδικός εισιτηρίου (12 ψηφία)',
  voidReason: 'Λόγος ακύρωσης',
  voidSubmit: 'Ακύρωση εισόδου',
  voidConfirm: (ticketCode: string, time: string, device: string) =>
    `Να ακυρωθεί η είσοδος του εισιτηρίου ${ticketCode} που καταγράφηκε στις ${time} από τη συσκευή «${device}»;`,
  voidYes: 'Ναι, ακύρωση',
  voidNo: 'Όχι',
  voided: (ticketCode: string, time: string) =>
    `Η είσοδος του εισιτηρίου ${ticketCode} (${time}) ακυρώθηκε· ο κάτοχος μπορεί να εισέλθει.`,
  refreshed: (time: string) =>
    `Ενημερώνεται αυτόματα κάθε 10 δευτερόλεπτα· τελευταία ενημέρωση στις ${time}.`,
  loadFailed: 'Δεν ήταν δυνατή η φόρτωση της καταμέτρησης. Θα γίνει νέα προσπάθεια σε λίγο.',
  /** A short label per refusal reason, for the table (the steward reads the sentences of gateMessages). */
  reasons: {
    ALREADY_ADMITTED: 'Ήδη χρησιμοποιημένο εισιτήριο',
    UNKNOWN_CODE: 'Άγνωστος κωδικός',
    WRONG_EVENT: 'Εισιτήριο άλλου αγώνα',
    NOT_FOR_THIS_EVENT: 'Παραχωρημένο σε άλλο πρόσωπο',
    EVENT_OVER: 'Μετά τη λήξη του αγώνα',
    EVENT_CANCELLED: 'Ακυρωμένος αγώνας',
    NOT_OPEN_YET: 'Πριν ανοίξουν οι πύλες',
    SUSPENDED: 'Αποκλεισμένος κάτοχος',
    COMPANION_REQUIRED: 'Ανήλικος χωρίς συνοδό',
    REVOKED: 'Ανακληθείς κωδικός',
    CODE_EXPIRED: 'Ληγμένος κωδικός πορτοφολιού',
  } satisfies Record<Exclude<AdmissionReason, 'ADMITTED'>, string>,
} as const;

/** The steward's screen at /gate: pair once, pick the match, scan (docs/design.md §8). */
export const gateScreenMessages = {
  pairTitle: 'Σύζευξη συσκευής',
  pairIntro:
    'Επικολλήστε ή σαρώστε το κλειδί σύζευξης που σας έδωσε το εκδοτήριο (οθόνη «Πύλες εισόδου»). Χρειάζεται μία φορά σε αυτή τη συσκευή.',
  token: 'Κλειδί σύζευξης',
  tokenRequired: 'Επικολλήστε ή σαρώστε το κλειδί σύζευξης.',
  pair: 'Σύζευξη',
  unpair: 'Αποσύζευξη συσκευής',
  unpairTitle: 'Αποσύζευξη αυτής της συσκευής;',
  unpairBody:
    'Για να ελέγξει ξανά εισιτήρια, η συσκευή θα χρειαστεί πάλι το κλειδί σύζευξης. Αν δεν το έχετε, ζητήστε νέα καταχώριση από το εκδοτήριο.',
  /** The server refused the device's credential: it is kept, for the office to renew (docs/design.md §8). */
  retryHint:
    'Αν το εκδοτήριο ανανέωσε την πρόσβαση της συσκευής («Ανανέωση πρόσβασης» στις «Πύλες εισόδου»), πατήστε «Δοκιμή ξανά». Οι είσοδοι που δεν έχουν σταλεί ακόμη κρατούνται σε αυτή τη συσκευή.',
  retry: 'Δοκιμή ξανά',
  eventsTitle: 'Επιλέξτε αγώνα',
  noEvents: 'Δεν υπάρχει αγώνας του συλλόγου σε εξέλιξη ή προσεχώς.',
  pick: (description: string) => `Έλεγχος για τον αγώνα ${description}`,
  changeEvent: 'Αλλαγή αγώνα',
  codeHint: 'Σαρώστε με τον αναγνώστη ή πληκτρολογήστε τον κωδικό και πατήστε Enter.',
  /** A ticket's public 12-digit number typed at the gate: it says whose ticket, not that it is genuine. */
  publicNumberTyped:
    'Αυτός είναι ο δημόσιος αριθμός του εισιτηρίου (12 ψηφία) και δεν αρκεί για είσοδο. Σαρώστε το QR του εισιτηρίου ή, σε έντυπο εισιτήριο, το barcode (Code 128).',
  check: 'Έλεγχος',
  camera: 'Σάρωση με την κάμερα',
  stopCamera: 'Κλείσιμο κάμερας',
  cameraVideo: 'Εικόνα της κάμερας για σάρωση',
  cameraFailed: 'Η κάμερα δεν είναι διαθέσιμη. Πληκτρολογήστε τον κωδικό.',
  admit: 'ΕΙΣΟΔΟΣ',
  refuse: 'ΑΡΝΗΣΗ',
  document: 'Έγγραφο',
  /** A word joiner (U+2060) keeps the ellipsis on the line of the characters it stands before. */
  documentEnding: (type: string, hint: string) => `${type}, αριθμός …\u2060${hint}`,
  companion: 'Συνοδός (πρέπει να είναι παρών)',
  companionAfm: (hint: string) => `Α.Φ.Μ. …\u2060${hint}`,
  /** The panel's own time: a panel left from an earlier scan must not pass for this one's. */
  decidedAt: (time: string) => `Έλεγχος στις ${time}`,
  /** A scan refused before any decision (at the field, or the server could not decide): not an entry. */
  inputRefused: 'ΧΩΡΙΣ ΕΙΣΟΔΟ',
  undo: 'Ακύρωση εισόδου',
  undone: 'Η είσοδος ακυρώθηκε.',
  history: 'Τελευταίοι έλεγχοι',
  historyEmpty: 'Δεν έχει γίνει έλεγχος ακόμη.',
  undoneTag: '(ακυρώθηκε)',
  /** The installed app (its web manifest, built from these). */
  appName: 'Έλεγχος εισόδου - Εισιτήρια αθλητικών εκδηλώσεων',
  appShortName: 'Έλεγχος εισόδου',
  appDescription:
    'Η οθόνη των ελεγκτών εισόδου στο γήπεδο: ελέγχει τα εισιτήρια και όταν το δίκτυο δεν λειτουργεί.',
  /** Offline (docs/design.md §8): the device decides from its stored, signed list of the match's tickets. */
  online: 'σε σύνδεση',
  offline: 'εκτός σύνδεσης',
  connection: 'Σύνδεση',
  offlineExplained: 'Ο έλεγχος γίνεται από τον αποθηκευμένο κατάλογο εισιτηρίων του αγώνα.',
  wentOffline: 'Η συσκευή είναι εκτός σύνδεσης: ο έλεγχος γίνεται από τον αποθηκευμένο κατάλογο εισιτηρίων.',
  wentOnline: 'Η συσκευή είναι ξανά σε σύνδεση.',
  manifest: 'Κατάλογος εισιτηρίων',
  manifestAge: (time: string, minutes: number) =>
    minutes < 1
      ? `ενημερώθηκε στις ${time} (μόλις τώρα)`
      : `ενημερώθηκε στις ${time} (πριν από ${minutes} ${minutes === 1 ? 'λεπτό' : 'λεπτά'})`,
  manifestLoading: 'λήψη για τον έλεγχο χωρίς σύνδεση…',
  manifestMissing:
    'Δεν υπάρχει αποθηκευμένος κατάλογος εισιτηρίων για αυτόν τον αγώνα, οπότε χωρίς σύνδεση η συσκευή δεν μπορεί να ελέγξει εισιτήρια. Συνδέστε τη στο δίκτυο για λίγα δευτερόλεπτα.',
  manifestUntrusted:
    'Ο κατάλογος εισιτηρίων που στάλθηκε δεν έχει έγκυρη υπογραφή της πλατφόρμας και δεν χρησιμοποιήθηκε. Αποσυζεύξτε τη συσκευή και κάντε ξανά σύζευξη με το κλειδί του εκδοτηρίου.',
  /** The server refused the match's manifest: the club cancelled it; the device refuses every code. */
  eventCancelled:
    'Ο αγώνας ακυρώθηκε από τον σύλλογο: καμία είσοδος δεν επιτρέπεται, με ή χωρίς σύνδεση. Επιλέξτε άλλον αγώνα ή επικοινωνήστε με το εκδοτήριο.',
  pendingUploads: (count: number) =>
    count === 1
      ? '1 είσοδος εκτός σύνδεσης περιμένει αποστολή.'
      : `${count} είσοδοι εκτός σύνδεσης περιμένουν αποστολή.`,
  allUploaded: 'Όλες οι είσοδοι έχουν σταλεί.',
  offlineTag: '(εκτός σύνδεσης)',
  thisDevice: 'αυτή η συσκευή',
  /**
   * An EU wallet's ticket, asked for over OpenID4VP (docs/design.md §12): the steward's screen shows the
   * request as a QR, the fan's wallet answers the platform, and the decision comes back to this screen.
   */
  walletRequest: 'Εισιτήριο από ευρωπαϊκό ψηφιακό πορτοφόλι',
  walletRequestOffline:
    'Χρειάζεται σύνδεση: το πορτοφόλι του φιλάθλου στέλνει το εισιτήριο στην πλατφόρμα, όχι σε αυτή τη συσκευή. Σαρώστε το QR ή το barcode του εισιτηρίου.',
  walletRequestFailed: 'Δεν ήταν δυνατή η δημιουργία αιτήματος. Δοκιμάστε ξανά σε λίγο.',
  walletRequestTitle: 'Εισιτήριο από ευρωπαϊκό πορτοφόλι',
  walletRequestHint: (until: string) =>
    `Ο φίλαθλος σαρώνει αυτό το QR με το ψηφιακό του πορτοφόλι (Gov.gr Wallet ή άλλο ευρωπαϊκό) και εγκρίνει να δείξει το εισιτήριο. Ισχύει έως τις ${until}. Αν το πορτοφόλι δεν ανοίγει με αυτό, δείξτε το εναλλακτικό QR.`,
  walletRequestQr: 'QR αιτήματος εισιτηρίου για ευρωπαϊκό ψηφιακό πορτοφόλι',
  /** The same request by the other scheme (haip://, then openid4vp://): a wallet opens one or the other. */
  walletOtherQr: 'Εναλλακτικό QR',
  walletFirstQr: 'Το πρώτο QR',
  walletWaiting: 'Αναμονή για την απάντηση του πορτοφολιού…',
  /** An answer was refused, the request still open (PRESENTATION_ANSWERS): the refusal's reason follows. */
  walletAnswerRefused:
    'Μια απάντηση στο αίτημα απορρίφθηκε. Το αίτημα μένει ανοιχτό: το πορτοφόλι του φιλάθλου μπορεί να απαντήσει ξανά.',
  walletWaitingOffline:
    'Η συσκευή είναι εκτός σύνδεσης: η απάντηση του πορτοφολιού θα φανεί μόλις επανέλθει η σύνδεση.',
  walletExpired: 'Το αίτημα έληξε χωρίς απάντηση από το πορτοφόλι. Ζητήστε νέο αίτημα και δείξτε το νέο QR.',
  walletNewRequest: 'Νέο αίτημα',
  walletCancel: 'Επιστροφή στη σάρωση',
  /** A presented ticket's `under_15` claim: the panel has no companion's name to show (the wallet disclosed none). */
  under15: 'Κάτω των 15 ετών',
  under15Value: 'Ναι: μπαίνει μόνο με τον συνοδό του',
} as const;

/**
 * Why the gate's OpenID4VP verifier refused a presentation before any entry rule (docs/design.md §12),
 * as the steward reads it; the wallet gets the same text as its `error_description`.
 */
export const presentationRefusalMessages = {
  PRESENTATION_INVALID:
    'Η παρουσίαση δεν είναι έγκυρη: δεν φέρει την υπογραφή της πλατφόρμας ή λείπουν στοιχεία. Ζητήστε εισιτήριο με άλλο τρόπο.',
  PRESENTATION_NONCE: 'Η παρουσίαση δεν απαντά σε αυτό το αίτημα (άλλο nonce). Δείξτε νέο QR στον φίλαθλο.',
  PRESENTATION_AUDIENCE: 'Η παρουσίαση απευθύνεται σε άλλον επαληθευτή. Δείξτε νέο QR στον φίλαθλο.',
  PRESENTATION_STALE: 'Η υπογραφή του πορτοφολιού είναι παλιά. Δείξτε νέο QR στον φίλαθλο.',
  PRESENTATION_KEY:
    'Η παρουσίαση υπογράφηκε με κλειδί άλλου πορτοφολιού από αυτό στο οποίο εκδόθηκε το εισιτήριο. Είσοδος δεν επιτρέπεται.',
  PRESENTATION_CLAIMS:
    'Το πορτοφόλι δεν έδειξε όλα τα στοιχεία του εισιτηρίου που ζητά η πύλη (κωδικό, αγώνα, θέση, όνομα κατόχου, αν είναι κάτω των 15). Ζητήστε από τον φίλαθλο να τα εμφανίσει όλα και δείξτε νέο QR.',
  PRESENTATION_ENCRYPTION:
    'Η απάντηση δεν ήταν κρυπτογραφημένη για αυτό το αίτημα. Δείξτε νέο QR στον φίλαθλο.',
} as const;
export type PresentationRefusal = keyof typeof presentationRefusalMessages;

/** What the steward reads for a decision: a replaced print sends its holder to the ticket office. */
export const gateDecisionMessage = (
  reason: keyof typeof gateMessages.decisions,
  codeKind: 'paper' | 'random' | 'wallet' | undefined,
): string =>
  reason === 'REVOKED' && codeKind !== undefined && codeKind !== 'wallet'
    ? gateMessages.revokedPrint
    : gateMessages.decisions[reason];
