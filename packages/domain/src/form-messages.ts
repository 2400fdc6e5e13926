import { gateMessages } from './gate-messages';

/**
 * The texts of the forms' and the API's checks (a field's rule, a provider's rejected row, a transfer
 * rule, a suspension, a claim) and the document types' labels; the rest of the product's Greek:
 * messages.ts.
 */

/** Messages of field rules, shown at the field in the browser and returned by the server. */
export const validationMessages = {
  ticketCode: 'Ο κωδικός εισιτηρίου πρέπει να αποτελείται από 12 ψηφία.',
  voidAdmissions: 'Η ακύρωση των εισόδων της συσκευής πρέπει να είναι true ή false.',
  overEvents: 'Η επιλογή ολοκληρωμένων αγώνων πρέπει να είναι true ή false.',
  /** docs/product-spec.md §5 (suspension forms), verbatim. */
  afmLength: 'Το ΑΦΜ πρέπει να αποτελείται από 9 ψηφία',
  afmCheckDigit: 'Ο Α.Φ.Μ. δεν είναι έγκυρος. Ελέγξτε ότι τον πληκτρολογήσατε σωστά.',
  /** docs/product-spec.md §5 (suspension forms), verbatim. */
  amkaLength: 'Το AMKA πρέπει να αποτελείται από 11 ψηφία',
  declarationId: 'Ο αριθμός της αδειοδότησης δεν είναι έγκυρος.',
  notificationId: 'Ο αριθμός της ειδοποίησης δεν είναι έγκυρος.',
  transferId: 'Ο αριθμός της μεταβίβασης δεν είναι έγκυρος.',
  deviceId: 'Ο αριθμός της συσκευής εισόδου δεν είναι έγκυρος.',
  admissionId: 'Ο αριθμός της εισόδου δεν είναι έγκυρος.',
  idempotencyKey:
    'Το κλειδί της σάρωσης (Idempotency-Key) δεν είναι έγκυρο: έως 64 λατινικά γράμματα, ψηφία, «-» ή «_».',
  /** Each name field says which field and what to write in it (the GOV.UK pattern); 100 is NAME_MAX_LENGTH. */
  firstName: {
    required: 'Συμπληρώστε το όνομα.',
    latin: 'Γράψτε το όνομα με λατινικούς χαρακτήρες, όπως στο διαβατήριο.',
    greek: 'Γράψτε το όνομα με ελληνικούς χαρακτήρες, όπως στην ταυτότητα.',
    tooLong: 'Το όνομα πρέπει να έχει έως 100 χαρακτήρες.',
  },
  lastName: {
    required: 'Συμπληρώστε το επώνυμο.',
    latin: 'Γράψτε το επώνυμο με λατινικούς χαρακτήρες, όπως στο διαβατήριο.',
    greek: 'Γράψτε το επώνυμο με ελληνικούς χαρακτήρες, όπως στην ταυτότητα.',
    tooLong: 'Το επώνυμο πρέπει να έχει έως 100 χαρακτήρες.',
  },
  fathersName: { tooLong: 'Το πατρώνυμο πρέπει να έχει έως 100 χαρακτήρες.' },
  /** docs/product-spec.md §5, verbatim. */
  documentId: 'Ο αριθμός πιστοποιητικού δεν είναι σωστός',
  documentType: 'Επιλέξτε τύπο εγγράφου.',
  unknownField: 'Το αίτημα περιέχει πεδία που δεν αναγνωρίζονται.',
  notAnObject: 'Τα στοιχεία του αιτήματος λείπουν ή δεν έχουν τη σωστή μορφή.',
  controlCharacters:
    'Το κείμενο περιέχει χαρακτήρες ελέγχου (όπως αλλαγή γραμμής ή στηλοθέτη), που δεν επιτρέπονται. Πληκτρολογήστε το ξανά.',
  malformedText:
    'Το κείμενο περιέχει μη έγκυρο χαρακτήρα (ένα μισό σύμβολο, συνήθως από αντιγραφή και επικόλληση). Πληκτρολογήστε το ξανά.',
} as const;

/** docs/product-spec.md §3: the Greek label of each document type; any other value shows a dash. */
export const documentTypeLabels: Record<string, string> = {
  PASSPORT: 'Διαβατήριο',
  NATIONAL_ID: 'Ταυτότητα',
  FOREIGN_ID: 'Ταυτότητα αλλοδαπού',
  VIGNETTE: 'Βινιέτα',
  RESIDENCE_PERMIT: 'Δελτίο διαμονής',
  CERTIFICATE_APPLICATION: 'Βεβαίωση κατάθεσης',
  RESIDENCE_PERMIT_PERMANENT: 'Δελτίο μόνιμης διαμονής',
  RESIDENCE_PERMIT_SPECIAL: 'Ειδική βεβαίωση νόμιμης διαμονής',
  STANDALONE_DOCUMENT: 'Αυτοτελές έγγραφο',
  ELECTRONIC_APPLICATION: 'Ηλεκτρονική αίτηση',
};

export const documentTypeLabel = (value: string | null | undefined): string =>
  (value && Object.hasOwn(documentTypeLabels, value) ? documentTypeLabels[value] : undefined) ?? '-';

/** Reasons a provider's row is rejected (the import report). */
export const providerMessages = {
  textRequired: 'Το πεδίο είναι υποχρεωτικό.',
  textTooLong: 'Το πεδίο είναι πολύ μεγάλο.',
  flag: 'Η τιμή πρέπει να είναι true ή false.',
  startsAt: 'Η ημερομηνία και ώρα του αγώνα πρέπει να είναι σε μορφή ISO 8601 με ζώνη ώρας.',
  displayMode: 'Ο τρόπος εμφάνισης πρέπει να είναι QR ή BARCODE.',
  unknownEvent: 'Ο αγώνας δεν υπάρχει· στείλτε πρώτα τον αγώνα.',
  outsideCodeRange:
    'Ο κωδικός δεν ανήκει στο εύρος κωδικών του διοργανωτή σας· ζητήστε από τη διαχείριση της πλατφόρμας το εύρος σας.',
  duplicateInBatch: 'Ο ίδιος κωδικός υπάρχει ξανά στην ίδια αποστολή.',
  endsAt: 'Η λήξη της σεζόν πρέπει να είναι σε μορφή ISO 8601 με ζώνη ώρας, μετά την έναρξή της.',
  seasonNeedsEnd: 'Μια σεζόν (seasonal) χρειάζεται ημερομηνία λήξης (endsAt).',
  matchHasNoEnd: 'Μόνο μια σεζόν έχει ημερομηνία λήξης· ένας αγώνας όχι.',
  seasonInSeason: 'Μια σεζόν δεν μπορεί να ανήκει σε άλλη σεζόν.',
  unknownSeason: 'Δεν υπάρχει σεζόν με αυτόν τον κωδικό στον οργανισμό σας· στείλτε πρώτα τη σεζόν.',
} as const;

/** Transfer rules and transfers. */
export const transferMessages = {
  eventId: 'Ο αγώνας δεν είναι έγκυρος.',
  allowTransfer: 'Η επιλογή μεταβίβασης πρέπει να είναι ναι ή όχι.',
  maxTransfers: 'Ο μέγιστος αριθμός μεταβιβάσεων πρέπει να είναι ακέραιος, τουλάχιστον 1.',
  cutOff: 'Το χρονικό όριο μεταβίβασης πρέπει να είναι από 1 έως 6 ώρες πριν τον αγώνα.',
  autoRevert: 'Η αυτόματη επιστροφή πρέπει να είναι 0 (μετά τον αγώνα) ή κενή (ποτέ).',
  ignoreTransfers: 'Η επιλογή πρέπει να είναι ναι ή όχι.',
} as const;

/** Suspended users (docs/product-spec.md §5 and §8; quoted strings verbatim). */
export const suspensionMessages = {
  afmLength: 'Το ΑΦΜ πρέπει να αποτελείται από 9 ψηφία',
  amkaLength: 'Το AMKA πρέπει να αποτελείται από 11 ψηφία',
  insertNeedsIdentity: 'Συμπληρώστε ΑΦΜ ή ΑΜΚΑ ή Αριθμό εγγράφου (ή συνδυασμό) και ημερομηνία λήξης',
  searchNeedsIdentity: 'Συμπληρώστε ΑΦΜ ή ΑΜΚΑ ή Αριθμό εγγράφου (ή συνδυασμό) (ή) Στοιχεία ταυτότητας',
  searchNeedsFullIdentity: 'Συμπληρώστε όλα τα στοιχεία ταυτότητας',
  birthInFuture: 'Η ημερομηνία γέννησης δεν μπορεί να είναι μελλοντική.',
  endBeforeToday: 'Η ημερομηνία λήξης δεν μπορεί να είναι πριν από τη σημερινή.',
  badDate: 'Η ημερομηνία δεν είναι έγκυρη.',
  added: 'Η προσθήκη έγινε επιτυχώς',
  insertTab: 'Καταχώριση',
  searchTab: 'Αναζήτηση',
  identifiers: 'Αναγνωριστικά',
  identity: 'Στοιχεία ταυτότητας',
  afm: 'Α.Φ.Μ.',
  amka: 'Α.Μ.Κ.Α.',
  documentId: 'Αριθμός εγγράφου',
  firstName: 'Όνομα',
  fathersName: 'Πατρώνυμο',
  lastName: 'Επώνυμο',
  dateOfBirth: 'Ημερομηνία γέννησης',
  endDate: 'Ημερομηνία λήξης',
  months: 'Διάρκεια σε μήνες',
  monthsHint: 'Ορίζει την ημερομηνία λήξης από σήμερα',
  groupsHint:
    'Συμπληρώστε αναγνωριστικά ή στοιχεία ταυτότητας: όταν συμπληρώνετε το ένα, το άλλο απενεργοποιείται.',
  submitInsert: 'Καταχώριση',
  submitSearch: 'Αναζήτηση',
  confirmTitle: 'Επιβεβαίωση αποκλεισμού',
  confirmBody: 'Θέλετε σίγουρα να καταχωρίσετε τον αποκλεισμό;',
  affectedWarning: 'Προσοχή: ο αποκλεισμός αφορά κατόχους εισιτηρίων σε επερχόμενους αγώνες:',
  ticketsCount: (count: number) =>
    count === 0 ? 'χωρίς εισιτήριο προς το παρόν' : count === 1 ? '1 εισιτήριο' : `${count} εισιτήρια`,
  /** The pre-check names no minor: this is all it says of one. */
  affectedMinor: 'Ανήλικος/η (τα στοιχεία ανηλίκων δεν εμφανίζονται)',
  /** Someone holding tickets only of other clubs: the pre-check does not say how many nor where. */
  ticketsElsewhere: 'με εισιτήρια άλλου συλλόγου',
  lookupLimit:
    'Φτάσατε το όριο ελέγχων και αναζητήσεων αποκλεισμών για αυτή την ώρα. Παρακαλώ δοκιμάστε ξανά αργότερα.',
  noResults: 'Δεν βρέθηκαν αποτελέσματα.',
  results: 'Αποτελέσματα',
  createdOn: 'Καταχώριση',
  createdBy: 'Από',
  active: 'Ενεργός',
  delete: 'Διαγραφή',
  deleteConfirm: 'Θέλετε σίγουρα να διαγράψετε την εγγραφή αποκλεισμού;',
  deleteLabel: (id: number) => `Διαγραφή εγγραφής ${id}`,
  deleted: 'Η εγγραφή για το χρήστη διαγράφηκε επιτυχώς',
  notFound: 'Δεν βρέθηκε ενεργή εγγραφή αποκλεισμού με αυτά τα στοιχεία.',
  identifiersMismatch: 'Τα στοιχεία δεν αντιστοιχούν στην εγγραφή αποκλεισμού.',
  otherOrganisation:
    'Την άρση του αποκλεισμού μπορεί να κάνει μόνο ο οργανισμός που τον καταχώρισε ή υπάλληλος με πανελλαδική αρμοδιότητα.',
  nobodyKnown:
    'Τα στοιχεία δεν αντιστοιχούν σε κανένα πρόσωπο του μητρώου ούτε σε κάτοχο εισιτηρίου. Ο αποκλεισμός θα ισχύσει για όποιον εμφανιστεί με αυτά τα στοιχεία.',
} as const;

/** Adding a bought ticket to the wallet (schemas/claims.ts; the refusals are errors.ts's CLAIM_* codes). */
export const claimMessages = {
  claimCode:
    'Ο κωδικός αγοράς πρέπει να έχει 16 χαρακτήρες (γράμματα και ψηφία), όπως είναι τυπωμένος στην επιβεβαίωση της αγοράς.',
  purchaseQrUnreadable:
    'Ο κωδικός QR δεν είναι επιβεβαίωση αγοράς εισιτηρίου. Σαρώστε το QR της επιβεβαίωσης ή πληκτρολογήστε τους δύο κωδικούς.',
} as const;

const textsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(textsOf)
      : [];

/**
 * The texts the domain's schemas give their issues (schemas/*.ts import only these objects). Made on
 * first use, not as the module loads: code run at load keeps everything it reads in the browser's
 * chunk of this module, and the gate's texts then came with every form's screen (4–5 KB gzip).
 */
let schemaMessages: ReadonlySet<string> | undefined;

/**
 * Whether a validation issue's message is one the domain wrote for the person (else it is the
 * validation library's own, in English, and the server answers with the catalogue's text instead).
 */
export const isSchemaMessage = (message: string | undefined): boolean =>
  message !== undefined &&
  (schemaMessages ??= new Set(
    [
      validationMessages,
      suspensionMessages,
      gateMessages,
      providerMessages,
      transferMessages,
      claimMessages,
    ].flatMap(textsOf),
  )).has(message);
