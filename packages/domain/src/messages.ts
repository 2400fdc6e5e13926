import type { AdmissionReason } from './admission-reasons';

/**
 * Every Greek text of the product, once. Strings quoted in the product specification are
 * copied verbatim; the rest are worded for people of every age reading on a phone.
 */
export const messages = {
  app: {
    title: 'Ψηφιακό εισιτήριο αθλητικών αγώνων',
    /** The page's meta description (index.html). */
    description: 'Ταυτοποίηση για την είσοδο σε αθλητικούς αγώνες με το Gov.gr Wallet',
    skipToContent: 'Μετάβαση στο περιεχόμενο',
    loading: 'Φόρτωση…',
    back: 'Πίσω',
  },
  footer: {
    accessibility: 'Δήλωση προσβασιμότητας',
    terms: 'Όροι χρήσης',
    privacy: 'Πολιτική απορρήτου',
    copyright: (year: number) => `© Copyright ${year} - Υλοποίηση από την Κυβέρνηση`,
  },
  userMenu: {
    label: 'Μενού χρήστη',
    logout: 'Αποσύνδεση',
    logoutFailed: 'Κάτι πήγε στραβά κατά τη διαδικασία της αποσύνδεσης. Παρακαλώ προσπαθήστε ξανά αργότερα.',
  },
  landing: {
    title: 'Ταυτοποίηση για την είσοδο σε αγώνα',
    intro:
      'Με το εισιτήριο στο Gov.gr Wallet μπορείτε να παρακολουθείτε τους αγώνες της αγαπημένης σας ομάδας.',
    minors:
      'Μέσω της υπηρεσίας διαχειρίζεστε επίσης τη συνοδεία ανηλίκων: αποστολή και ακύρωση αιτήματος συνοδείας ανηλίκου από τρίτο πρόσωπο, μεταβίβαση συνοδείας και ανάκληση συνοδείας.',
    credentials: 'Για να χρησιμοποιήσετε την υπηρεσία χρειάζεστε τους κωδικούς σας στο Taxisnet.',
    organisers:
      'Οι διοργανωτές αθλητικών εκδηλώσεων (ΠΑΕ/ΚΑΕ) χρησιμοποιούν την πλατφόρμα για τα άτομα που δεν μπορούν να ταυτοποιηθούν μέσω του Gov.gr Wallet.',
    enter: 'Είσοδος στην υπηρεσία',
  },
  login: {
    title: 'Απαιτείται ταυτοποίηση',
    body: 'Για να συνεχίσετε, συνδεθείτε με τους κωδικούς σας στο Taxisnet.',
    link: 'Σύνδεση με κωδικούς Taxisnet',
    failed:
      'Η σύνδεση δεν ολοκληρώθηκε. Παρακαλώ δοκιμάστε ξανά και, αν το πρόβλημα επιμένει, επικοινωνήστε με την ομάδα υποστήριξης.',
  },
  confirmation: {
    title: 'Ελέγξτε τα στοιχεία σας',
    firstName: 'Όνομα',
    lastName: 'Επώνυμο',
    afm: 'Α.Φ.Μ.',
    prompt: 'Επιβεβαιώστε ότι τα παραπάνω στοιχεία είναι σωστά.',
    continue: 'Συνέχεια',
    citizen: 'Πολίτης',
    officer: 'Υπάλληλος ΠΑΕ',
    /** An officer's choice, asked above the spec's two buttons, each with a line saying where it leads. */
    officerQuestion: 'Πώς θέλετε να συνεχίσετε;',
    citizenDescription: 'Για τον εαυτό σας: συνοδεία ανηλίκων με το δικό σας εισιτήριο και τις δηλώσεις σας.',
    officerDescription:
      'Για το ταμείο του συλλόγου σας: έκδοση και εκτύπωση εισιτηρίων, στατιστικά, μεταβιβάσεις και αποκλεισμοί.',
  },
  accessDenied: {
    title: 'Πρόσβαση μη επιτρεπτή',
    body: 'Δεν είστε εξουσιοδοτημένοι να χρησιμοποιήσετε την υπηρεσία.',
    home: 'Επιστροφή στην αρχική σελίδα',
  },
  notFound: {
    title: 'Δεν βρέθηκε η σελίδα.',
    home: 'Επιστροφή στην αρχική σελίδα',
  },
  /** The title of each screen of docs/product-spec.md §2 beyond the landing, login and confirmation pages. */
  screens: {
    chooseAction: 'Τι θέλετε να κάνετε;',
    chooseMinor: 'Επιλογή ανηλίκου',
    cancelEvents: 'Αδειοδοτήσεις συνοδείας ανηλίκων',
    selectedMinor: 'Ορισμός συνοδού ανηλίκου',
    successCompanion: 'Το αίτημα συνοδείας στάλθηκε',
    successCancel: 'Η αδειοδότηση συνοδείας ακυρώθηκε',
    chooseUser: 'Για ποιον φίλαθλο εκδίδετε εισιτήριο;',
    ticketInfo: 'Στοιχεία εισιτηρίου',
    success: 'Το εισιτήριο καταχωρίστηκε',
    failed: 'Ανεπιτυχής επικύρωση',
    printTicket: 'Εκτύπωση εισιτηρίου',
    statsTicket: 'Αναζήτηση εισιτηρίου',
    transferEvents: 'Κανόνες μεταβιβάσεων',
    suspendedUsers: 'Suspended χρήστες',
    gateDevices: 'Πύλες εισόδου',
    matchDay: 'Εικόνα αγωνιστικής ημέρας',
    gate: 'Έλεγχος εισόδου',
  },
  form: {
    errorSummaryTitle: 'Υπάρχει πρόβλημα',
    send: 'Αποστολή',
    cancel: 'Άκυρο',
    confirm: 'Ναι, συνέχεια',
    yes: 'Ναι',
    no: 'Όχι',
  },
  companions: {
    tileIndicate: 'Αδειοδότηση συνοδού ανηλίκου',
    tileIndicateHint: 'Ορίστε ενήλικο συνοδό για το παιδί σας σε αγώνα.',
    tileList: 'Αδειοδοτήσεις συνοδείας ανηλίκων',
    tileListHint: 'Δείτε, ακυρώστε ή αλλάξτε τον συνοδό των αιτημάτων σας.',
    chooseMinorLegend: 'Για ποιο ανήλικο θέλετε να ορίσετε συνοδό;',
    chooseMinorRequired: 'Επιλέξτε ανήλικο.',
    continue: 'Συνέχεια',
    noDependents: 'Δεν βρέθηκαν ανήλικοι για αδειοδότηση σε τρίτο άτομο.',
    born: 'Ημερομηνία γέννησης',
    minor: 'Ανήλικος',
    ticketCode: 'Κωδικός εισιτηρίου',
    ticketCodeHint: '12ψήφιος κωδικός',
    companionAfm: 'Α.Φ.Μ. συνοδού',
    companionAfmHint: '9ψήφιος κωδικός',
    sendRequest: 'Αποστολή αιτήματος αποδοχής',
    companion: 'Συνοδός',
    event: 'Αγώνας',
    eventDate: 'Ημερομηνία και ώρα',
    status: 'Κατάσταση',
    pending: 'Εκκρεμεί',
    accepted: 'Αποδεκτό',
    successCompanionBody: (minor: string) =>
      `Το αίτημα συνοδείας για τον ανήλικο ${minor} στάλθηκε. Ο συνοδός θα το αποδεχθεί από το Gov.gr Wallet.`,
    successCancelBody: (minor: string) => `Η αδειοδότηση συνοδείας του ανηλίκου ${minor} ακυρώθηκε.`,
    backToActions: 'Επιστροφή στις επιλογές',
    noDeclarations: 'Δεν βρέθηκε καμία ενεργή αδειοδότηση',
    cancelRequest: 'Ακύρωση αιτήματος',
    cancelConfirm: 'Είστε σίγουροι ότι θέλετε να ακυρώσετε το αίτημα συνοδείας;',
    changeCompanion: 'Αλλαγή συνοδού',
    changeLegend: 'Ποιος θα συνοδεύσει τον ανήλικο;',
    changeMyself: 'Θα τον συνοδεύσω εγώ',
    changeAnother: 'Άλλο πρόσωπο',
    changed: 'Ο συνοδός άλλαξε.',
    loadingDeclarations: 'Φόρτωση αδειοδοτήσεων…',
  },
  ticketOffice: {
    seasonFixtures: 'Αγώνες της σεζόν: ποιος εισέρχεται',
    fixture: 'Αγώνας',
    entrant: 'Εισέρχεται',
    lentFixture: (name: string) => `${name} (παραχώρηση του αγώνα)`,
    tileForeigner: 'Αλλοδαπός φίλαθλος χωρίς ταυτοποίηση μέσω Wallet',
    tileForeignerHint: 'Προσωρινά μη διαθέσιμο.',
    tileOver67: 'Φίλαθλος άνω των 67 ετών χωρίς smartphone',
    tileOver67Hint: 'Το εισιτήριο εκδίδεται και εκτυπώνεται.',
    tileTransfers: 'Κανόνες μεταβιβάσεων',
    tileTransfersHint: 'Ορίστε ανά αγώνα τους κανόνες μεταβίβασης των εισιτηρίων διαρκείας.',
    otherActions: 'Άλλες ενέργειες',
    ticketCode: 'Κωδικός εισιτηρίου',
    ticketCodeHint: '12ψήφιος κωδικός',
    firstName: 'Όνομα',
    lastName: 'Επώνυμο',
    latinHint: 'Με λατινικούς χαρακτήρες, όπως στο διαβατήριο',
    greekHint: 'Με ελληνικούς χαρακτήρες',
    documentType: 'Τύπος εγγράφου',
    passport: 'Διαβατήριο',
    identity: 'Ταυτότητα',
    residencePermit: 'Άδεια διαμονής',
    permitType: 'Είδος άδειας διαμονής',
    documentId: 'Αριθμός εγγράφου',
    documentIdHint: 'Κεφαλαία γράμματα, αριθμοί και παύλα',
    submit: 'Αποστολή',
    /** Beside the disabled «Αποστολή» (docs/product-spec.md §2): what keeps it disabled. */
    submitMissing: (fields: string) => `Για να ενεργοποιηθεί η «Αποστολή», συμπληρώστε: ${fields}.`,
    submitFix: (fields: string) => `Για να ενεργοποιηθεί η «Αποστολή», διορθώστε: ${fields}.`,
    holder: 'Κάτοχος',
    event: 'Αγώνας',
    date: 'Ημερομηνία',
    time: 'Ώρα',
    venue: 'Γήπεδο',
    sector: 'Τμήμα',
    gate: 'Θύρα',
    row: 'Σειρά',
    seat: 'Θέση',
    issuer: 'Εκδότης',
    status: 'Κατάσταση εισιτηρίου',
    documentNumber: 'Αριθμός εγγράφου',
    seasonal: 'Διαρκείας',
    matchDateTime: 'Ημερομηνία και ώρα αγώνα',
    installationId: 'installationId',
    anonymous: 'Ανώνυμος χρήστης',
    afm: 'Α.Φ.Μ.',
    amka: 'Α.Μ.Κ.Α.',
    createdOn: 'Δημιουργήθηκε',
    personalizedOn: 'Ονομαστικοποιήθηκε',
    modifiedOn: 'Τροποποιήθηκε',
    verificationCode: 'Κωδικός επαλήθευσης',
    /** What a screen reader says of a printed QR: its 179 digits are for the gate's scanner only. */
    signedQr: 'κωδικός QR με την ψηφιακή υπογραφή της πλατφόρμας, για τον έλεγχο στην είσοδο',
    issued: 'Το έγγραφο εκδόθηκε',
    /** Under the spec's status line, on a reprint: the holder must not keep the earlier paper. */
    replacesEarlierPrint:
      'Επανεκτύπωση: η προηγούμενη εκτύπωση αυτού του εισιτηρίου δεν ισχύει πλέον για είσοδο. Δώστε στον κάτοχο μόνο αυτή.',
    print: 'Εκτύπωση',
    addNew: 'Προσθήκη νέου εισιτηρίου',
    addedToWallet: (code: string, name: string) =>
      `Το εισιτήριο με κωδικό ${code} προστέθηκε στο Wallet του/της ${name}.`,
    failedBody:
      'Η επικύρωση των στοιχείων δεν ήταν επιτυχής. Ελέγξτε τα στοιχεία του εισιτηρίου και του εγγράφου και δοκιμάστε ξανά.',
    ticketStatuses: { ACTIVE: 'Ενεργό', BLOCKED: 'Αποκλεισμένο', CANCELLED: 'Ακυρωμένο' } as Record<
      string,
      string
    >,
    statsSubmit: 'Αναζήτηση',
    searching: 'Αναζήτηση…',
  },
  transferRules: {
    /** docs/product-spec.md §2, verbatim: the spec's accent, not the more common "διαρκείας". */
    seasonal: 'Εισιτήρια διάρκειας',
    fixtures: 'Πρόγραμμα αγώνων',
    empty: 'Δεν βρέθηκαν αγώνες για διαχείριση μεταβιβάσεων.',
    allowTransfer: 'Επιτρέπεται η μεταβίβαση',
    maxTransfers: 'Μέγιστος αριθμός μεταβιβάσεων',
    maxTransfersHint: 'Ακέραιος, τουλάχιστον 1',
    hours: 'Χρονικό όριο μεταβίβασης (ώρες πριν τον αγώνα)',
    hoursHint: 'Από 1 έως 6 ώρες',
    /** A typed number outside the spec's range, corrected when the field is left: said, not silent. */
    clamped: (typed: string, value: number) =>
      typed === ''
        ? `Δεν συμπληρώθηκε τιμή· ορίστηκε ${value}. Αλλάξτε την αν χρειάζεται πριν την αποθήκευση.`
        : `Το ${typed} είναι εκτός των επιτρεπτών τιμών· ορίστηκε ${value}. Αλλάξτε την αν χρειάζεται πριν την αποθήκευση.`,
    resetAfterEvent: 'Επιστροφή του εισιτηρίου στον κάτοχο μετά τον αγώνα',
    save: 'Αποθήκευση',
    saveConfirm: 'Θέλετε σίγουρα να αποθηκεύσετε τις αλλαγές;',
    toggleConfirm: 'Θέλετε σίγουρα να συνεχίσετε;',
    ignoreTransfers: 'Εξαίρεση του αγώνα από τις μεταβιβάσεις εισιτηρίων διαρκείας',
    saved: 'Οι αλλαγές αποθηκεύτηκαν.',
    /** Under the spec's question, what is about to be saved: the event, then each rule's new value. */
    dialogEvent: 'Αγώνας',
    dialogDate: 'Ημερομηνία και ώρα',
    /** A rule the officer changed: its new value, and what it was. */
    changedValue: (now: string, before: string) => `${now} (πριν: ${before})`,
  },
  routeError: {
    title: 'Κάτι πήγε στραβά',
    reload: 'Φόρτωση της σελίδας ξανά',
  },
  errors: {
    /** docs/product-spec.md §8: the default for most failed calls. */
    system:
      'Προέκυψε σφάλμα συστήματος. Παρακαλώ δοκιμάστε αργότερα και εάν το πρόβλημα εξακολουθεί επικοινωνήστε με την ομάδα υποστήριξης.',
    /** docs/product-spec.md §8: stats lookup failure. */
    statsLookup: 'Κάτι πήγε στραβά. Παρακαλώ προσπαθήστε αργότερα.',
    /** docs/product-spec.md §8: transfer events and dependents load failure. */
    loadFailed: 'Κάτι έχει πάει στραβά. Παρακαλώ δοκιμάστε αργότερα.',
  },
  standIn: {
    title: 'Σύνδεση στο Taxisnet (δοκιμαστικό περιβάλλον)',
    notice:
      'Αυτή η σελίδα είναι ο τοπικός προσομοιωτής του Taxisnet. Δεν ζητά κωδικούς· επιλέξτε ένα πρόσωπο επίδειξης ή πληκτρολογήστε ένα έγκυρο Α.Φ.Μ.',
    demoPeople: 'Πρόσωπα επίδειξης',
    signInAs: (name: string) => `Σύνδεση ως ${name}`,
    other: 'Άλλο πρόσωπο',
    afm: 'Α.Φ.Μ.',
    firstName: 'Όνομα',
    lastName: 'Επώνυμο',
    afmHint: '9ψήφιος αριθμός',
    namesHint: 'Απαιτούνται μόνο για πρόσωπα που δεν είναι καταχωρισμένα στο μητρώο.',
    submit: 'Σύνδεση',
    cancel: 'Ακύρωση',
    errorTitle: 'Υπάρχει πρόβλημα',
    invalidAfm: 'Ο Α.Φ.Μ. δεν είναι έγκυρος. Ελέγξτε ότι έχει 9 ψηφία και σωστό ψηφίο ελέγχου.',
    namesRequired: 'Συμπληρώστε όνομα και επώνυμο για πρόσωπο που δεν είναι στο μητρώο.',
    badRequest: 'Το αίτημα σύνδεσης δεν είναι έγκυρο.',
  },
} as const;

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
    `Ο φίλαθλος σαρώνει αυτό το QR με το ψηφιακό του πορτοφόλι (Gov.gr Wallet ή άλλο ευρωπαϊκό) και εγκρίνει να δείξει το εισιτήριο. Ισχύει έως τις ${until}.`,
  walletRequestQr: 'QR αιτήματος εισιτηρίου για ευρωπαϊκό ψηφιακό πορτοφόλι',
  walletWaiting: 'Αναμονή για την απάντηση του πορτοφολιού…',
  walletWaitingOffline:
    'Η συσκευή είναι εκτός σύνδεσης: η απάντηση του πορτοφολιού θα φανεί μόλις επανέλθει η σύνδεση.',
  walletExpired: 'Το αίτημα έληξε χωρίς απάντηση από το πορτοφόλι. Ζητήστε νέο αίτημα και δείξτε το νέο QR.',
  walletNewRequest: 'Νέο αίτημα',
  walletCancel: 'Επιστροφή στη σάρωση',
  /** A presented ticket's `under_15` claim: the panel has no companion's name to show (the wallet disclosed none). */
  under15: 'Κάτω των 15 ετών',
  under15Value: 'Ναι: μπαίνει μόνο με τον συνοδό του',
} as const;

/** What a suspended citizen reads on their wallet tickets: why, until when, whom to ask (no one else's data). */
export const walletMessages = {
  /** Who looked a ticket up when the officer is platform-wide (no club). */
  platformStaff: 'Υπηρεσία υποστήριξης της πλατφόρμας',
  /** `lastDay` as shown (DD/MM/YYYY). */
  /** A minor's ticket in the guardian's wallet, blocked by the minor's own suspension. */
  dependentBlockedNotice: (dependentName: string, lastDay: string, organisationName: string | null) =>
    `${dependentName} έχει αποκλειστεί από αθλητικές εκδηλώσεις έως και τις ${lastDay}. ` +
    (organisationName
      ? `Για πληροφορίες επικοινωνήστε με τον οργανισμό «${organisationName}», που καταχώρισε τον αποκλεισμό.`
      : 'Για πληροφορίες επικοινωνήστε με την ομάδα υποστήριξης της πλατφόρμας.'),
  blockedNotice: (lastDay: string, organisationName: string | null) =>
    `Έχετε αποκλειστεί από αθλητικές εκδηλώσεις έως και τις ${lastDay}. ` +
    (organisationName
      ? `Για πληροφορίες επικοινωνήστε με τον οργανισμό «${organisationName}», που καταχώρισε τον αποκλεισμό.`
      : 'Για πληροφορίες επικοινωνήστε με την ομάδα υποστήριξης της πλατφόρμας.'),
} as const;

/** The development mailbox's page (issue #30 item 4): the e-mail the platform sent the demo people. */
export const mailboxStandInMessages = {
  title: 'Γραμματοκιβώτιο δοκιμών (μόνο για δοκιμές)',
  notice:
    'Εδώ εμφανίζονται τα μηνύματα ηλεκτρονικού ταχυδρομείου που έστειλε η υπηρεσία στα πρόσωπα επίδειξης. Υπάρχει μόνο στο περιβάλλον δοκιμών.',
  notAvailable: 'Το γραμματοκιβώτιο δοκιμών δεν είναι διαθέσιμο σε αυτό το περιβάλλον.',
  empty: 'Δεν έχει σταλεί κανένα μήνυμα ακόμη.',
  to: 'Προς',
  receivedAt: 'Παραλήφθηκε',
  refresh: 'Ανανέωση',
} as const;

/**
 * The development-only wallet stand-in (issue #14 item 6): a page that does what the Gov.gr Wallet
 * does with a ticket, so the whole flow can be tried in one browser. Never in production.
 */
export const walletStandInMessages = {
  title: 'Υποκατάστατο πορτοφολιού (μόνο για δοκιμές)',
  notice:
    'Η σελίδα αυτή κάνει ό,τι και το Gov.gr Wallet με τα εισιτήριά σας, για να δοκιμάσετε την είσοδο στο γήπεδο από τον υπολογιστή. Υπάρχει μόνο στο περιβάλλον δοκιμών.',
  notAvailable:
    'Το υποκατάστατο πορτοφολιού δεν είναι διαθέσιμο σε αυτό το περιβάλλον. Χρησιμοποιήστε την εφαρμογή Gov.gr Wallet.',
  link: 'Υποκατάστατο πορτοφολιού (μόνο για δοκιμές)',
  linkHint: 'Δείτε τα εισιτήριά σας και τον κωδικό εισόδου τους, όπως στο Gov.gr Wallet.',
  ticketsHeading: 'Τα εισιτήριά σας',
  noTickets: 'Δεν έχετε εισιτήρια για επερχόμενες εκδηλώσεις.',
  loadFailed: 'Δεν ήταν δυνατή η εμφάνιση των εισιτηρίων σας. Δοκιμάστε ξανά σε λίγο.',
  seasonTicket: 'Εισιτήριο διαρκείας',
  nextFixture: 'Επόμενος αγώνας',
  lentBy: (name: string) => `Σας το δάνεισε: ${name}`,
  dependent: (name: string) => `Εισιτήριο του/της ${name}, που συνοδεύετε`,
  /** A ticket without a numbered seat (the seat itself as the gate shows it: gateMessages.seat). */
  noSeat: 'Χωρίς αριθμημένη θέση',
  ticketCode: 'Κωδικός εισιτηρίου',
  show: 'Εμφάνιση κωδικού εισόδου',
  codeHeading: 'Κωδικός εισόδου',
  codeHint:
    'Δείξτε τον κωδικό στον ελεγκτή της πύλης. Αλλάζει μόνος του, ώστε ένα στιγμιότυπο οθόνης να μη χρησιμεύει σε άλλον.',
  codeLabel: (event: string) => `Κωδικός εισόδου QR για «${event}»`,
  refreshesIn: (seconds: number) => `Ανανεώνεται σε ${seconds} δευτ.`,
  /** A ticket with no phone registered in this wallet: the entry code exists only on a registered phone. */
  notRegistered:
    'Δεν έχει καταχωριστεί κινητό για αυτό το εισιτήριο. Πατήστε «Εμφάνιση κωδικού εισόδου» και μετά «Καταχώριση του κινητού»: ο κωδικός εισόδου δημιουργείται μόνο στο κινητό που καταχωρίσατε.',
  noCode:
    'Ο κωδικός εισόδου εμφανίζεται μόνο σε καταχωρισμένο κινητό. Πατήστε «Καταχώριση του κινητού» για να καταχωρίσετε αυτό το κινητό.',
  register: 'Καταχώριση του κινητού',
  registering: 'Καταχώριση του κινητού…',
  registerAgain: 'Καταχώριση του κινητού ξανά',
  registerAgainHint: 'Δημιουργεί νέο κλειδί· ο κωδικός του προηγούμενου κινητού δεν θα γίνεται πια δεκτός.',
  registerFailed: 'Δεν ήταν δυνατή η καταχώριση του κινητού. Δοκιμάστε ξανά σε λίγο.',
  blocked: 'Το εισιτήριο δεν επιτρέπει είσοδο',
  back: 'Πίσω στα εισιτήρια',
} as const;

/**
 * A ticket as an SD-JWT VC for an EU wallet (docs/design.md §12): what the wallet shows of the
 * credential (the issuer's and the type's display names, each claim's label), the offer's
 * transaction code, and the wallet stand-in's offer screen.
 */
export const credentialIssuanceMessages = {
  issuerName: 'Ψηφιακό εισιτήριο αθλητικών αγώνων',
  credentialName: 'Εισιτήριο αθλητικού αγώνα',
  credentialDescription:
    'Εισιτήριο για αγώνα ή εισιτήριο διαρκείας, δεμένο με το πρόσωπο που μπαίνει στο γήπεδο. Ο ελεγκτής της πύλης βλέπει μόνο όσα του δείξετε.',
  claims: {
    ticket_code: 'Κωδικός εισιτηρίου',
    event: 'Αγώνας ή διαρκεία',
    event_description: 'Εκδήλωση',
    event_starts_at: 'Έναρξη',
    event_venue: 'Γήπεδο',
    event_season: 'Εισιτήριο διαρκείας',
    seat: 'Θέση',
    seat_sector: 'Τμήμα',
    seat_gate: 'Θύρα',
    seat_row: 'Σειρά',
    seat_number: 'Αριθμός θέσης',
    holder_name: 'Ονοματεπώνυμο κατόχου',
    under_15: 'Κάτω των 15 ετών (με συνοδό)',
  },
  /** The wallet stand-in's offer (issue #43). */
  offer: 'Προσθήκη σε ευρωπαϊκό πορτοφόλι',
  offering: 'Δημιουργία προσφοράς…',
  offerHint: (minutes: number) =>
    `Σαρώστε το QR με το ψηφιακό σας πορτοφόλι (Gov.gr Wallet ή άλλο ευρωπαϊκό πορτοφόλι) και πληκτρολογήστε εκεί τον κωδικό συναλλαγής. Η προσφορά ισχύει ${minutes} λεπτά και μία φορά.`,
  offerQrLabel: (event: string) => `QR προσφοράς εισιτηρίου για «${event}» σε ευρωπαϊκό πορτοφόλι`,
  offerLink: 'Άνοιγμα στο πορτοφόλι αυτής της συσκευής',
  txCodeLabel: 'Κωδικός συναλλαγής',
  txCodeHint: 'Μην τον δείχνετε μαζί με το QR: όποιος έχει μόνο το QR δεν μπορεί να πάρει το εισιτήριο.',
  offerFailed: 'Δεν ήταν δυνατή η δημιουργία προσφοράς. Δοκιμάστε ξανά σε λίγο.',
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
} as const;
export type PresentationRefusal = keyof typeof presentationRefusalMessages;

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

/** The wallet's «Προσθήκη εισιτηρίου» (the stand-in's form; refusals are errors.ts's descriptions). */
export const addTicketMessages = {
  open: 'Προσθήκη εισιτηρίου',
  heading: 'Προσθήκη εισιτηρίου',
  intro:
    'Προσθέστε ένα εισιτήριο που αγοράσατε, για εσάς ή για ανήλικο τέκνο σας, με το QR της επιβεβαίωσης αγοράς ή πληκτρολογώντας τους δύο κωδικούς της.',
  camera: 'Σάρωση του QR με την κάμερα',
  stopCamera: 'Κλείσιμο κάμερας',
  cameraVideo: 'Εικόνα της κάμερας για σάρωση του QR της επιβεβαίωσης αγοράς',
  cameraFailed:
    'Η κάμερα δεν είναι διαθέσιμη. Ανεβάστε μια φωτογραφία του QR ή πληκτρολογήστε τους δύο κωδικούς.',
  image: 'Φωτογραφία ή εικόνα του QR',
  imageHint:
    'Από την επιβεβαίωση της αγοράς (e-mail, PDF ή φωτογραφία). Οι κωδικοί συμπληρώνονται μόνοι τους.',
  imageReading: 'Ανάγνωση της εικόνας…',
  imageUnreadable:
    'Δεν βρέθηκε κωδικός QR στην εικόνα. Δοκιμάστε μια πιο καθαρή φωτογραφία ή πληκτρολογήστε τους δύο κωδικούς.',
  qrRead: 'Οι κωδικοί διαβάστηκαν από το QR. Επιλέξτε για ποιον είναι το εισιτήριο και πατήστε «Προσθήκη».',
  publicCode: 'Κωδικός εισιτηρίου',
  publicCodeHint: '12 ψηφία, όπως είναι τυπωμένος στην επιβεβαίωση της αγοράς',
  claimCode: 'Κωδικός αγοράς',
  claimCodeHint: '16 γράμματα και ψηφία, π.χ. 7KQ2-M9TX-4HCN-R8WE',
  forWhom: 'Για ποιον είναι το εισιτήριο;',
  forMe: 'Για εμένα',
  born: 'Γέννηση',
  dependentsFailed:
    'Δεν ήταν δυνατή η εμφάνιση των ανήλικων τέκνων σας· μπορείτε να προσθέσετε εισιτήριο για εσάς ή να δοκιμάσετε ξανά σε λίγο.',
  submit: 'Προσθήκη',
  cancel: 'Ακύρωση',
  added: (event: string) => `Το εισιτήριο για «${event}» προστέθηκε στο πορτοφόλι σας.`,
  addedFor: (event: string, name: string) =>
    `Το εισιτήριο για «${event}» προστέθηκε στο πορτοφόλι σας, στο όνομα του/της ${name}.`,
} as const;

const textsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(textsOf)
      : [];

/** The texts the domain's schemas give their issues (schemas/*.ts import only these objects). */
const schemaMessages: ReadonlySet<string> = new Set(
  [
    validationMessages,
    suspensionMessages,
    gateMessages,
    providerMessages,
    transferMessages,
    claimMessages,
  ].flatMap(textsOf),
);

/**
 * Whether a validation issue's message is one the domain wrote for the person (else it is the
 * validation library's own, in English, and the server answers with the catalogue's text instead).
 */
export const isSchemaMessage = (message: string | undefined): boolean =>
  message !== undefined && schemaMessages.has(message);

/** What the steward reads for a decision: a replaced print sends its holder to the ticket office. */
export const gateDecisionMessage = (
  reason: keyof typeof gateMessages.decisions,
  codeKind: 'paper' | 'random' | 'wallet' | undefined,
): string =>
  reason === 'REVOKED' && codeKind !== undefined && codeKind !== 'wallet'
    ? gateMessages.revokedPrint
    : gateMessages.decisions[reason];
