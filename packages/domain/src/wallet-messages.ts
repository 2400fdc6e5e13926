/**
 * What a citizen's wallet shows (a suspension's notice, an EU wallet's credential, adding a ticket)
 * and the development stand-ins of the Gov.gr Wallet and of the mailbox. The rest: messages.ts.
 */

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

/** The wallet stand-in's two buttons, named by the instructions that lead to them. */
const SHOW_CODE = 'Εμφάνιση κωδικού εισόδου';
const REGISTER_PHONE = 'Καταχώριση του κινητού';

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
  /** The match (or a season ticket's next fixture) the club's ticket office cancelled. */
  fixtureStatus: 'Κατάσταση αγώνα',
  fixtureCancelled: 'Ακυρώθηκε από τον σύλλογο: δεν γίνονται είσοδοι.',
  lentBy: (name: string) => `Σας το δάνεισε: ${name}`,
  dependent: (name: string) => `Εισιτήριο του/της ${name}, που συνοδεύετε`,
  /** A ticket without a numbered seat (the seat itself as the gate shows it: gateMessages.seat). */
  noSeat: 'Χωρίς αριθμημένη θέση',
  ticketCode: 'Κωδικός εισιτηρίου',
  show: SHOW_CODE,
  codeHeading: 'Κωδικός εισόδου',
  codeHint:
    'Δείξτε τον κωδικό στον ελεγκτή της πύλης. Αλλάζει μόνος του, ώστε ένα στιγμιότυπο οθόνης να μη χρησιμεύει σε άλλον.',
  codeLabel: (event: string) => `Κωδικός εισόδου QR για «${event}»`,
  refreshesIn: (seconds: number) => `Ανανεώνεται σε ${seconds} δευτ.`,
  /**
   * A ticket with no phone registered in this wallet. The code's screen registers the phone by itself
   * the first time, so the one button to press is the one under this text.
   */
  notRegistered: `Δεν έχει καταχωριστεί κινητό για αυτό το εισιτήριο. Πατήστε «${SHOW_CODE}» για να καταχωρίσετε αυτό το κινητό: ο κωδικός εισόδου δημιουργείται μόνο στο κινητό που καταχωρίσατε.`,
  /** The code's screen when the registration it starts by itself failed: the button under it retries. */
  noCode: `Ο κωδικός εισόδου εμφανίζεται μόνο σε καταχωρισμένο κινητό. Πατήστε «${REGISTER_PHONE}» για να καταχωρίσετε αυτό το κινητό.`,
  register: REGISTER_PHONE,
  registering: `${REGISTER_PHONE}…`,
  registerAgain: `${REGISTER_PHONE} ξανά`,
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
    `Σαρώστε το QR με το ψηφιακό σας πορτοφόλι (Gov.gr Wallet ή άλλο ευρωπαϊκό πορτοφόλι) και πληκτρολογήστε εκεί τον κωδικό συναλλαγής. Η προσφορά ισχύει ${minutes} λεπτά και μία φορά. Αν το πορτοφόλι δεν ανοίγει με αυτό, σαρώστε το εναλλακτικό QR.`,
  offerQrLabel: (event: string) => `QR προσφοράς εισιτηρίου για «${event}» σε ευρωπαϊκό πορτοφόλι`,
  offerLink: 'Άνοιγμα στο πορτοφόλι αυτής της συσκευής',
  txCodeLabel: 'Κωδικός συναλλαγής',
  txCodeHint: 'Μην τον δείχνετε μαζί με το QR: όποιος έχει μόνο το QR δεν μπορεί να πάρει το εισιτήριο.',
  offerFailed: 'Δεν ήταν δυνατή η δημιουργία προσφοράς. Δοκιμάστε ξανά σε λίγο.',
  /**
   * The page an EU wallet opens to take a ticket by the authorization code flow (issue #53 item 4):
   * the person signs in and chooses which ticket the wallet receives.
   */
  authorize: {
    title: 'Εισιτήριο σε ευρωπαϊκό πορτοφόλι',
    intro: (wallet: string) =>
      `Το πορτοφόλι «${wallet}» ζητά ένα από τα εισιτήριά σας. Επιλέξτε ποιο θα πάρει: μόνο αυτό θα σταλεί.`,
    signInFirst:
      'Για να δώσετε εισιτήριο στο ψηφιακό σας πορτοφόλι, συνδεθείτε πρώτα με τους κωδικούς σας στο Taxisnet. Μετά τη σύνδεση θα επιστρέψετε εδώ.',
    loading: 'Φόρτωση του αιτήματος του πορτοφολιού…',
    choose: 'Εισιτήριο',
    noTickets: 'Δεν έχετε εισιτήριο που να μπορεί να προστεθεί σε πορτοφόλι.',
    give: 'Αποστολή στο πορτοφόλι',
    giving: 'Αποστολή…',
    refuse: 'Ακύρωση',
    chooseRequired: 'Επιλέξτε ένα εισιτήριο.',
    expired:
      'Το αίτημα του πορτοφολιού δεν ισχύει πια (έληξε ή χρησιμοποιήθηκε). Ξεκινήστε ξανά από το πορτοφόλι σας.',
    failed: 'Δεν ήταν δυνατή η αποστολή. Δοκιμάστε ξανά σε λίγο.',
    returning: 'Επιστροφή στο πορτοφόλι σας…',
  },
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
