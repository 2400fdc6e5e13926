/**
 * The Greek of the web app's shell and screens. The product's other texts are in modules of their own
 * beside this one: the forms' and the API's checks (`form-messages.ts`), the gate (`gate-messages.ts`),
 * the wallet (`wallet-messages.ts`), the match-day view (`match-day-messages.ts`). Each text once:
 * strings quoted in the product specification are copied verbatim; the rest are worded for people of
 * every age reading on a phone. Apart, because every page's first load brings this module whole
 * (bench/README.md, "the landing route's JavaScript"): what only some screens read stays out of it.
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
  /** The page a wallet opens once its answer reached the gate (PRESENTATION_SENT_PATH). */
  presentationSent: {
    title: 'Το εισιτήριο στάλθηκε στην πύλη',
    body: 'Ο ελεγκτής της πύλης βλέπει τώρα την απόφαση στη συσκευή του. Μπορείτε να κλείσετε αυτή τη σελίδα.',
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
