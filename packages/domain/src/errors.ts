import { ADMISSION_UNDO_MINUTES } from './constants';
import { suspensionMessages } from './form-messages';
import { credentialIssuanceMessages } from './wallet-messages';

const walletAuthorizeMessages = credentialIssuanceMessages.authorize;

/**
 * Error codes that travel end to end: the server throws a coded error, the envelope of
 * docs/design.md §4 carries the code and its Greek description, the client shows the description.
 */
export const errorCatalogue = {
  VALIDATION_ERROR: {
    status: 400,
    description: 'Τα στοιχεία που στείλατε δεν είναι έγκυρα. Ελέγξτε τα και δοκιμάστε ξανά.',
  },
  MALFORMED_JSON: {
    status: 400,
    description: 'Το αίτημα δεν έχει έγκυρη μορφή JSON.',
  },
  UNAUTHENTICATED: {
    status: 401,
    description: 'Απαιτείται σύνδεση. Συνδεθείτε με τους κωδικούς σας στο Taxisnet.',
  },
  FORBIDDEN: {
    status: 403,
    description: 'Δεν έχετε δικαίωμα για αυτή την ενέργεια.',
  },
  CROSS_ORIGIN_FORBIDDEN: {
    status: 403,
    description: 'Το αίτημα απορρίφθηκε για λόγους ασφαλείας: δεν προέρχεται από την υπηρεσία.',
  },
  NOT_FOUND: {
    status: 404,
    description: 'Δεν βρέθηκε αυτό που ζητήσατε.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    description: 'Το αίτημα είναι πολύ μεγάλο.',
  },
  MALFORMED_REQUEST: {
    status: 400,
    description: 'Το αίτημα δεν έχει έγκυρη μορφή.',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    description: 'Το αίτημα άργησε πολύ να φτάσει. Δοκιμάστε ξανά.',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    description: 'Η διεύθυνση ή οι κεφαλίδες του αιτήματος είναι πολύ μεγάλες.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    description: 'Τα στοιχεία πρέπει να αποστέλλονται σε μορφή JSON.',
  },
  RATE_LIMITED: {
    status: 429,
    description: 'Στείλατε πολλά αιτήματα σε λίγο χρόνο. Παρακαλώ δοκιμάστε ξανά σε λίγο.',
  },
  DEPENDENT_NOT_FOUND: {
    status: 404,
    description: 'Ο ανήλικος δεν είναι στα εξαρτώμενα μέλη σας.',
  },
  MINOR_TICKET_NOT_FOUND: {
    status: 404,
    description:
      'Δεν βρέθηκε εισιτήριο του ανηλίκου με αυτόν τον κωδικό. Ελέγξτε τον 12ψήφιο κωδικό του εισιτηρίου.',
  },
  TICKET_NOT_FOUND: {
    status: 404,
    description: 'Δεν βρέθηκε εισιτήριο με αυτόν τον κωδικό. Ελέγξτε τον 12ψήφιο κωδικό του εισιτηρίου.',
  },
  EVENT_STARTED: {
    status: 422,
    description: 'Ο αγώνας έχει ήδη ξεκινήσει ή ολοκληρωθεί· η ενέργεια δεν είναι πλέον δυνατή.',
  },
  PERSON_SUSPENDED: {
    status: 422,
    description: 'Το πρόσωπο έχει αποκλειστεί από αθλητικές εκδηλώσεις· δεν μπορεί να του εκδοθεί εισιτήριο.',
  },
  PERSON_DOCUMENT_CHECK: {
    // The name is a suspended person's and the registry does not know the document (docs/design.md §9).
    status: 422,
    description:
      'Το ονοματεπώνυμο ταυτίζεται με πρόσωπο που έχει αποκλειστεί από αθλητικές εκδηλώσεις και ο αριθμός εγγράφου δεν είναι γνωστός στο μητρώο. Ελέγξτε το έγγραφο ταυτότητας του φιλάθλου και τον αριθμό που πληκτρολογήσατε.',
  },
  TICKET_ALREADY_BOUND: {
    status: 409,
    description: 'Το εισιτήριο έχει ήδη εκδοθεί στο όνομα άλλου προσώπου.',
  },
  CLAIM_NOT_FOUND: {
    // One answer for an unknown ticket and a wrong claim code: the ticket code alone tells nothing.
    status: 404,
    description:
      'Δεν βρέθηκε εισιτήριο με αυτόν τον κωδικό εισιτηρίου και κωδικό αγοράς. Ελέγξτε τους δύο κωδικούς στην επιβεβαίωση της αγοράς.',
  },
  CLAIM_ATTEMPTS_EXCEEDED: {
    status: 429,
    description:
      'Δόθηκαν πολλοί λανθασμένοι κωδικοί σε λίγο χρόνο. Ελέγξτε τον κωδικό διεκδίκησης στην επιβεβαίωση αγοράς: ο σωστός κωδικός γίνεται πάντα δεκτός. Για άλλον κωδικό, δοκιμάστε ξανά σε 15 λεπτά.',
  },
  TICKET_ALREADY_IN_WALLET: {
    status: 409,
    description:
      'Το εισιτήριο έχει ήδη προστεθεί στο Wallet άλλου προσώπου. Αν δεν το προσθέσατε εσείς, επικοινωνήστε με τον διοργανωτή από τον οποίο το αγοράσατε.',
  },
  ALREADY_HOLDS_FIXTURE: {
    status: 409,
    description:
      // Said at the wallet and at a ticket office alike: for whom the ticket would be.
      'Το πρόσωπο για το οποίο είναι το εισιτήριο έχει ήδη εισιτήριο για αυτόν τον αγώνα. Κάθε πρόσωπο μπορεί να έχει ένα εισιτήριο ανά αγώνα.',
  },
  MINOR_CANNOT_ADD_TICKET: {
    status: 403,
    description:
      'Ανήλικοι κάτω των 15 ετών δεν μπορούν να προσθέσουν εισιτήριο. Το προσθέτει στο Wallet του ο γονέας ή ο κηδεμόνας τους.',
  },
  EVENT_OVER: {
    status: 422,
    description:
      'Ο αγώνας ή η σεζόν του εισιτηρίου έχει ολοκληρωθεί· το εισιτήριο δεν μπορεί πλέον να προστεθεί.',
  },
  PROVIDER_UNAUTHENTICATED: {
    status: 401,
    description: 'Λείπει ή δεν είναι έγκυρο το κλειδί του παρόχου εισιτηρίων.',
  },
  GATE_DEVICE_UNAUTHENTICATED: {
    status: 401,
    description:
      'Η συσκευή εισόδου δεν είναι καταχωρισμένη, έχει ανακληθεί ή η σύζευξή της έληξε. Ζητήστε νέα σύζευξη από το εκδοτήριο.',
  },
  GATE_DEVICE_ALREADY_PAIRED: {
    status: 409,
    description:
      'Το κλειδί σύζευξης έχει ήδη χρησιμοποιηθεί σε άλλη συσκευή και δεν ισχύει ξανά. Ζητήστε από το εκδοτήριο να καταχωρίσει νέα συσκευή εισόδου.',
  },
  GATE_PAIRING_TOKEN_EXPIRED: {
    status: 401,
    description:
      'Το κλειδί σύζευξης έληξε, επειδή δεν χρησιμοποιήθηκε εγκαίρως μετά την καταχώριση της συσκευής. Ζητήστε από το εκδοτήριο να καταχωρίσει ξανά τη συσκευή στις «Πύλες εισόδου»: θα σας δώσει νέο κλειδί σύζευξης.',
  },
  MATCH_REPORT_NOT_READY: {
    status: 409,
    description:
      'Η αναφορά του αγώνα εκδίδεται μετά τη λήξη του. Μέχρι τότε παρακολουθήστε τις εισόδους στην οθόνη «Εικόνα αγωνιστικής ημέρας».',
  },
  GATE_DEVICE_NOT_FOUND: {
    status: 404,
    description: 'Δεν βρέθηκε η συσκευή εισόδου.',
  },
  ORGANISATION_REQUIRED: {
    status: 422,
    description: 'Επιλέξτε τον οργανισμό στον οποίο ανήκει η συσκευή.',
  },
  ORGANISATION_NOT_FOUND: {
    status: 422,
    description: 'Δεν υπάρχει οργανισμός με αυτόν τον κωδικό. Ελέγξτε τον κωδικό του οργανισμού.',
  },
  ADMISSION_NOT_FOUND: {
    status: 404,
    description: 'Δεν βρέθηκε η είσοδος.',
  },
  ADMISSION_NOT_LIVE: {
    status: 404,
    description:
      'Δεν υπάρχει καταγεγραμμένη είσοδος αυτού του εισιτηρίου στον αγώνα (ή έχει ήδη ακυρωθεί). Ελέγξτε τον κωδικό.',
  },
  ADMISSION_UNDO_EXPIRED: {
    status: 409,
    description: `Η είσοδος μπορεί να ακυρωθεί μόνο μέσα σε ${ADMISSION_UNDO_MINUTES} λεπτά από την καταγραφή της.`,
  },
  DECLARATION_EXISTS: {
    status: 409,
    description: 'Υπάρχει ήδη ενεργή αδειοδότηση συνοδείας για τον ανήλικο σε αυτό το εισιτήριο.',
  },
  PERSON_CANNOT_BE_NAMED: {
    // One answer for every reason that is another person's status (suspended, not in the registry,
    // a minor): naming someone must not tell a citizen anything about them (docs/design.md §9).
    status: 422,
    description:
      'Το πρόσωπο με αυτόν τον Α.Φ.Μ. δεν μπορεί να οριστεί. Ελέγξτε τον Α.Φ.Μ. ή ορίστε άλλο ενήλικο πρόσωπο.',
  },
  COMPANION_SUSPENDED: {
    status: 422,
    description: 'Δεν μπορείτε να γίνετε συνοδός, επειδή έχετε αποκλειστεί από αθλητικές εκδηλώσεις.',
  },
  SAME_COMPANION: {
    status: 409,
    description: 'Το πρόσωπο αυτό είναι ήδη ο συνοδός του ανηλίκου.',
  },
  NOTIFICATION_NOT_FOUND: {
    status: 404,
    description: 'Δεν βρέθηκε η ειδοποίηση.',
  },
  DECLARATION_NOT_FOUND: {
    status: 404,
    description: 'Δεν βρέθηκε η αδειοδότηση συνοδείας.',
  },
  DECLARATION_NOT_PENDING: {
    status: 409,
    description: 'Μπορούν να ακυρωθούν μόνο αιτήματα συνοδείας που εκκρεμούν.',
  },
  DECLARATION_NOT_ACCEPTED: {
    status: 409,
    description: 'Ο συνοδός μπορεί να αλλάξει μόνο σε αδειοδότηση που έχει γίνει αποδεκτή.',
  },
  EVENT_NOT_FOUND: {
    status: 404,
    description: 'Δεν βρέθηκε ο αγώνας, ή έχει ήδη διεξαχθεί.',
  },
  TRANSFER_NOT_ALLOWED: {
    status: 422,
    description: 'Ο διοργανωτής δεν επιτρέπει μεταβιβάσεις για αυτό το εισιτήριο διαρκείας.',
  },
  TRANSFER_NOT_ALLOWED_FOR_FIXTURE: {
    status: 422,
    description: 'Για αυτόν τον αγώνα δεν επιτρέπονται μεταβιβάσεις εισιτηρίων διαρκείας.',
  },
  FIXTURE_NOT_IN_SEASON: {
    status: 422,
    description: 'Ο αγώνας δεν ανήκει στη σεζόν αυτού του εισιτηρίου διαρκείας.',
  },
  FIXTURE_STARTED: {
    status: 422,
    description: 'Ο αγώνας έχει ήδη ξεκινήσει· δεν μπορεί πλέον να παραχωρηθεί.',
  },
  /**
   * A fixture whose gates have opened, or that has admissions, keeps its kick-off and duration: its
   * devices' manifests, the match-day view and its report all hang on that time (issue #55). Given as
   * the reason of the provider's rejected row (features/providers/imports.service.ts).
   */
  EVENT_SCHEDULE_LOCKED: {
    status: 409,
    description:
      'Οι πύλες του αγώνα έχουν ήδη ανοίξει ή έχουν καταγραφεί είσοδοι· η ώρα έναρξης και η διάρκειά του δεν αλλάζουν πλέον.',
  },
  /**
   * A fixture the club's ticket office cancelled (features/event-cancellation): nothing changes it any
   * more, its gates admit nobody, its devices' manifest is not given. The provider's rejected row, the
   * manifest's answer.
   */
  EVENT_CANCELLED: {
    status: 409,
    description:
      'Ο αγώνας έχει ακυρωθεί από το εκδοτήριο του συλλόγου· δεν αλλάζει πλέον και δεν γίνονται είσοδοι.',
  },
  EVENT_ALREADY_CANCELLED: {
    status: 409,
    description: 'Ο αγώνας έχει ήδη ακυρωθεί.',
  },
  EVENT_OVER_NOT_CANCELLABLE: {
    status: 409,
    description: 'Ο αγώνας έχει ήδη ολοκληρωθεί· δεν μπορεί πλέον να ακυρωθεί.',
  },
  TRANSFER_HOLDER_CHANGED: {
    status: 409,
    description: 'Ο αποστολέας δεν είναι πλέον κάτοχος του εισιτηρίου· η μεταβίβαση δεν ισχύει.',
  },
  TRANSFER_CUTOFF_PASSED: {
    status: 422,
    description: 'Έληξε το χρονικό όριο μεταβίβασης πριν τον αγώνα.',
  },
  TRANSFER_LIMIT_REACHED: {
    status: 422,
    description: 'Έχει συμπληρωθεί ο μέγιστος αριθμός μεταβιβάσεων για αυτό το εισιτήριο.',
  },
  TRANSFER_IN_PROGRESS: {
    status: 409,
    description: 'Υπάρχει ήδη μεταβίβαση σε εξέλιξη για αυτό το εισιτήριο.',
  },
  RECIPIENT_IS_HOLDER: {
    status: 422,
    description: 'Δεν μπορείτε να μεταβιβάσετε το εισιτήριο στον εαυτό σας.',
  },
  RECIPIENT_SUSPENDED: {
    status: 422,
    description: 'Δεν μπορείτε να λάβετε το εισιτήριο, επειδή έχετε αποκλειστεί από αθλητικές εκδηλώσεις.',
  },
  DEVICE_KEY_LIMIT: {
    status: 429,
    description:
      'Έχετε καταχωρίσει πολλές φορές κινητό σήμερα. Για την ασφάλεια του εισιτηρίου, δοκιμάστε ξανά αύριο ή χρησιμοποιήστε το κινητό που καταχωρίσατε τελευταίο.',
  },
  ISSUANCE_INVALID_GRANT: {
    status: 400,
    description:
      'Η προσφορά του εισιτηρίου δεν ισχύει πια ή ο κωδικός συναλλαγής είναι λάθος. Ζητήστε νέα προσφορά από την υπηρεσία.',
  },
  ISSUANCE_UNSUPPORTED_GRANT: {
    status: 400,
    description: 'Το πορτοφόλι ζήτησε τρόπο έκδοσης που η υπηρεσία δεν υποστηρίζει.',
  },
  ISSUANCE_INVALID_REQUEST: {
    status: 400,
    description: 'Το αίτημα του πορτοφολιού δεν έχει τη μορφή που ζητά η υπηρεσία (PKCE S256, εισιτήριο).',
  },
  WALLET_AUTHORIZATION_NOT_FOUND: {
    status: 404,
    description: walletAuthorizeMessages.expired,
  },
  PRESENTATION_REQUEST_NOT_FOUND: {
    status: 404,
    description: 'Το αίτημα της πύλης δεν υπάρχει, έληξε ή απαντήθηκε ήδη. Ζητήστε από τον ελεγκτή νέο QR.',
  },
  PRESENTATION_RESPONSE_INVALID: {
    status: 400,
    description: 'Η απάντηση του πορτοφολιού δεν έχει τη μορφή που ζητήθηκε. Δοκιμάστε ξανά με νέο QR.',
  },
  ISSUANCE_INVALID_TOKEN: {
    status: 401,
    description: 'Η άδεια έκδοσης του εισιτηρίου δεν ισχύει πια. Ζητήστε νέα προσφορά από την υπηρεσία.',
  },
  ISSUANCE_INVALID_CLIENT: {
    status: 401,
    description:
      'Το πορτοφόλι δεν αποδείχθηκε γνήσιο: η βεβαίωσή του δεν είναι από πάροχο πορτοφολιού που εμπιστεύεται η υπηρεσία.',
  },
  ISSUANCE_INVALID_PROOF: {
    status: 400,
    description: 'Το πορτοφόλι δεν απέδειξε ότι κατέχει το κλειδί στο οποίο θα δεθεί το εισιτήριο.',
  },
  ISSUANCE_INVALID_NONCE: {
    status: 400,
    description:
      'Η απόδειξη κλειδιού του πορτοφολιού δεν έχει ισχύον nonce: το πορτοφόλι πρέπει να ζητήσει νέο.',
  },
  ISSUANCE_INVALID_DPOP_PROOF: {
    // The token endpoint's (400, RFC 9449 §5); the credential endpoint's is ISSUANCE_TOKEN_INVALID_DPOP_PROOF.
    status: 400,
    description: 'Το πορτοφόλι δεν απέδειξε σωστά ότι κατέχει το κλειδί της άδειας έκδοσης (DPoP).',
  },
  ISSUANCE_USE_DPOP_NONCE: {
    status: 400,
    description: 'Το πορτοφόλι πρέπει να επαναλάβει το αίτημα με το nonce DPoP που του δόθηκε.',
  },
  ISSUANCE_TOKEN_INVALID_DPOP_PROOF: {
    // The credential endpoint's (401, RFC 9449 §7.1): the access token is bound to a key not proved.
    status: 401,
    description: 'Το πορτοφόλι δεν απέδειξε ότι κατέχει το κλειδί στο οποίο δόθηκε η άδεια έκδοσης (DPoP).',
  },
  ISSUANCE_TOKEN_USE_DPOP_NONCE: {
    status: 401,
    description: 'Το πορτοφόλι πρέπει να επαναλάβει το αίτημα με το nonce DPoP που του δόθηκε.',
  },
  ISSUANCE_UNKNOWN_CONFIGURATION: {
    status: 400,
    description: 'Το πορτοφόλι ζήτησε είδος πιστοποιητικού που η υπηρεσία δεν εκδίδει.',
  },
  TICKET_BLOCKED: {
    status: 422,
    description: 'Το εισιτήριο είναι αποκλεισμένο λόγω αποκλεισμού του κατόχου από αθλητικές εκδηλώσεις.',
  },
  TRANSFER_NOT_FOUND: {
    status: 404,
    description: 'Δεν βρέθηκε η μεταβίβαση.',
  },
  TRANSFER_NOT_PENDING: {
    status: 409,
    description: 'Η μεταβίβαση δεν είναι πλέον σε εκκρεμότητα.',
  },
  SERVICE_BUSY: {
    // The embedded database's queue is full (apps/server/src/db/turns.ts); the answer says Retry-After.
    status: 503,
    description:
      'Η υπηρεσία δέχεται αυτή τη στιγμή πολλά αιτήματα. Παρακαλώ δοκιμάστε ξανά σε λίγα δευτερόλεπτα.',
  },
  // The suspended-users endpoints answer `{"error": "…"}` (their client's shape): these carry no code
  // on the wire, but are thrown as any other refusal.
  SUSPENSION_NOT_FOUND: { status: 404, description: suspensionMessages.notFound },
  SUSPENSION_OTHER_ORGANISATION: { status: 403, description: suspensionMessages.otherOrganisation },
  SUSPENSION_MISMATCH: { status: 409, description: suspensionMessages.identifiersMismatch },
  // An officer's pre-checks and searches of the hour are used up (SUSPENSION_LOOKUPS_PER_HOUR).
  SUSPENSION_LOOKUP_LIMIT: { status: 429, description: suspensionMessages.lookupLimit },
  STATS_LOOKUP_LIMIT: {
    status: 429,
    description: 'Φτάσατε το όριο αναζητήσεων εισιτηρίων για αυτή την ώρα. Παρακαλώ δοκιμάστε ξανά αργότερα.',
  },
  TICKET_LOOKUP_SWEEP: {
    // Many neighbouring codes in a short time: someone going through the printed numbers.
    status: 429,
    description:
      'Αναζητήσατε πολλούς διαδοχικούς κωδικούς εισιτηρίων σε λίγο χρόνο. Για να προστατευτούν τα στοιχεία των κατόχων, η αναζήτηση διακόπτεται για λίγο. Αναζητήστε μόνο τα εισιτήρια που σας ζητούνται.',
  },
  SERVICE_UNAVAILABLE: {
    // The database cannot be reached (a restart, a failover): answered with Retry-After, for a moment.
    status: 503,
    description:
      'Η υπηρεσία δεν είναι διαθέσιμη αυτή τη στιγμή. Παρακαλώ δοκιμάστε ξανά σε λίγα δευτερόλεπτα.',
  },
  INTERNAL_ERROR: {
    status: 500,
    description:
      'Προέκυψε σφάλμα συστήματος. Παρακαλώ δοκιμάστε αργότερα και εάν το πρόβλημα εξακολουθεί επικοινωνήστε με την ομάδα υποστήριξης.',
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof errorCatalogue;
