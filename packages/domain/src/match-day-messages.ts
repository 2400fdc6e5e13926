/**
 * The club's match-day view (/ticket-office/match-day, issue #42 item 3) and a finished match's CSV
 * report (item 4); the spec is silent on both: plain Greek of our own. A module of its own, not
 * messages.ts: only that screen, the office's link to it and the server's report read it, so it stays
 * out of the landing route's JavaScript, which loads messages.ts whole.
 */
export const matchDayMessages = {
  link: 'Εικόνα αγωνιστικής ημέρας: ροή εισόδων ανά θύρα, απορρίψεις, συσκευές',
  intro:
    'Για κάθε αγώνα του συλλόγου: η προσέλευση, οι απορρίψεις, οι συσκευές και οι είσοδοι ανά λεπτό σε κάθε θύρα. Κάθε γράφημα συνοδεύεται από πίνακα με τους ίδιους αριθμούς.',
  event: 'Αγώνας',
  current: 'Σε εξέλιξη ή προσεχείς',
  over: 'Ολοκληρωμένοι',
  noEvents: 'Δεν υπάρχει αγώνας του συλλόγου για προβολή.',
  attendanceTitle: 'Προσέλευση',
  admitted: 'Εισήλθαν',
  boundTickets: 'Ονομαστικά εισιτήρια',
  attendanceShare: (admitted: number, bound: number, percent: string) =>
    `Εισήλθαν ${admitted} από ${bound} ονομαστικά εισιτήρια (${percent}).`,
  attendanceChart: 'Προσέλευση σε σχέση με τα ονομαστικά εισιτήρια',
  refused: 'Απορρίψεις',
  alreadyAdmitted: 'Απόπειρες διπλής εισόδου',
  doubleEntries: 'Διπλές είσοδοι εκτός σύνδεσης',
  doublesHint:
    'Απόπειρα διπλής εισόδου: εισιτήριο που επιδείχθηκε ξανά αφού είχε εισέλθει και απορρίφθηκε στη θύρα. Διπλή είσοδος εκτός σύνδεσης: εισιτήριο που δύο συσκευές χωρίς δίκτυο δέχτηκαν και οι δύο· τα εισιτήρια αυτά εμφανίζονται στις «Πύλες εισόδου».',
  /** The first screen's figures (issue #55 item 5): attendance, refusals, devices, at a glance. */
  glanceTitle: 'Με μια ματιά',
  ofBound: (bound: number) => `από ${bound} ονομαστικά εισιτήρια`,
  devicesOnline: (online: number, all: number) => `${online} από ${all}`,
  devicesOnlineLabel: 'σε σύνδεση',
  devicesOffline: (n: number) => (n === 1 ? '1 εκτός σύνδεσης' : `${n} εκτός σύνδεσης`),
  devicesPending: (n: number) => (n === 1 ? '1 εγγραφή προς αποστολή' : `${n} εγγραφές προς αποστολή`),
  allGatesTitle: 'Είσοδοι ανά λεπτό, όλες οι θύρες',
  allGatesChart: 'Είσοδοι ανά λεπτό: κάθε θύρα και το σύνολο',
  allGatesHint: 'Μία γραμμή για κάθε θύρα· η παχιά μαύρη γραμμή είναι το σύνολο.',
  perGateTitle: 'Είσοδοι ανά λεπτό σε κάθε θύρα',
  perGateHint:
    'Όλα τα γραφήματα έχουν την ίδια κλίμακα· οι αριθμοί τους είναι στον πίνακα «Είσοδοι ανά λεπτό, ανά θύρα» πιο πάνω.',
  entriesTitle: 'Είσοδοι ανά λεπτό, ανά θύρα',
  entriesChart: (device: string) => `Είσοδοι ανά λεπτό: ${device}`,
  entriesSummary: (device: string, admitted: number) => `${device}: ${admitted} είσοδοι`,
  noEntries: 'Δεν έχει καταγραφεί είσοδος ακόμη.',
  refusalsTitle: 'Απορρίψεις ανά λόγο στη διάρκεια του αγώνα',
  refusalsChart: (minutes: number) => `Απορρίψεις ανά λόγο, ανά ${minutes} λεπτά`,
  noRefusals: 'Καμία απόρριψη.',
  tableToggle: 'Οι αριθμοί σε πίνακα',
  minute: 'Λεπτό',
  from: 'Από',
  total: 'Σύνολο',
  reason: 'Λόγος',
  count: 'Πλήθος',
  devicesTitle: 'Συσκευές',
  noDevices: 'Ο σύλλογος δεν έχει συζευγμένη συσκευή.',
  device: 'Συσκευή',
  lastContact: 'Τελευταία επικοινωνία',
  neverContacted: 'Καμία',
  state: 'Κατάσταση',
  online: 'Σε σύνδεση',
  offline: 'Εκτός σύνδεσης',
  pendingUploads: (n: number) =>
    n === 1 ? '1 εγγραφή περιμένει αποστολή' : `${n} εγγραφές περιμένουν αποστολή`,
  offlineWithPending: (n: number) =>
    `Εκτός σύνδεσης με ${n === 1 ? '1 εγγραφή' : `${n} εγγραφές`} προς αποστολή: οι είσοδοι αυτές δεν μετρώνται ακόμη`,
  revoked: 'Ανακλήθηκε',
  reportTitle: 'Αναφορά αγώνα',
  reportIntro:
    'Μετά τη λήξη του αγώνα, τα ίδια στοιχεία σε αρχείο CSV (ανοίγει στο Excel), για τον σύλλογο και το υπουργείο.',
  reportLink: (description: string) => `Λήψη αναφοράς CSV: ${description}`,
  reportAfterEnd: 'Η αναφορά CSV θα είναι διαθέσιμη μετά τη λήξη του αγώνα.',
  refreshed: (seconds: number, time: string) =>
    `Ενημερώνεται αυτόματα κάθε ${seconds} δευτερόλεπτα· τελευταία ενημέρωση στις ${time}.`,
  loadFailed: 'Δεν ήταν δυνατή η φόρτωση της εικόνας του αγώνα. Θα γίνει νέα προσπάθεια σε λίγο.',
  /**
   * Cancelling a match (features/event-cancellation on the server): by an officer of its club, any
   * time before it ends, gates open or not; irreversible.
   */
  cancellation: {
    title: 'Ακύρωση αγώνα',
    open: 'Ακύρωση του αγώνα',
    intro:
      'Ο σύλλογος ακυρώνει τον αγώνα, ακόμη και αφού άνοιξαν οι πύλες. Από τη στιγμή της ακύρωσης καμία θύρα δεν επιτρέπει είσοδο, οι συσκευές των ελεγκτών σταματούν να δέχονται εισιτήρια και ο πάροχος δεν μπορεί να αλλάξει τον αγώνα. Η ακύρωση δεν αναιρείται.',
    confirmTitle: 'Οριστική ακύρωση του αγώνα',
    confirmQuestion: (description: string) => `Να ακυρωθεί ο αγώνας «${description}»;`,
    confirmBody:
      'Η ακύρωση δεν αναιρείται: καμία είσοδος δεν θα επιτρέπεται πλέον. Οι είσοδοι που έχουν ήδη καταγραφεί παραμένουν.',
    reasonLabel: 'Λόγος ακύρωσης',
    reasonHint: 'Φαίνεται με τον αγώνα στους υπαλλήλους του συλλόγου (έως 500 χαρακτήρες).',
    reasonRequired: 'Γράψτε τον λόγο της ακύρωσης του αγώνα (έως 500 χαρακτήρες).',
    confirm: 'Ναι, ακύρωση του αγώνα',
    cancelled: 'Ακυρώθηκε',
    cancelledAt: (time: string) => `Ο αγώνας ακυρώθηκε στις ${time}.`,
    cancelledReason: (reason: string) => `Λόγος: ${reason}`,
    done: (description: string) => `Ο αγώνας «${description}» ακυρώθηκε.`,
    failed: 'Η ακύρωση δεν ολοκληρώθηκε. Δοκιμάστε ξανά.',
  },
  /** The CSV report's columns and the name of each figure in it. */
  csv: {
    columns: ['Αγώνας', 'Έναρξη αγώνα', 'Στοιχείο', 'Συσκευή', 'Λόγος', 'Από', 'Έως', 'Πλήθος'],
    admitted: 'Εισήλθαν',
    boundTickets: 'Ονομαστικά εισιτήρια',
    refused: 'Απορρίψεις',
    alreadyAdmitted: 'Απόπειρες διπλής εισόδου',
    doubleEntries: 'Διπλές είσοδοι εκτός σύνδεσης',
    deviceAdmitted: 'Είσοδοι ανά συσκευή',
    entriesPerMinute: 'Είσοδοι ανά λεπτό',
    refusedByReason: 'Απορρίψεις ανά λόγο',
    refusalsOverTime: 'Απορρίψεις ανά λόγο και διάστημα',
  },
} as const;
