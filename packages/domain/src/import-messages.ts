import { IMPORT_RECORD_MAX_BYTES } from './constants';

/**
 * The admin command's import of a file (`npm run admin -- import`, issue #54): why a file is refused
 * whole before anything is written, and what to do when the database went away during the writing.
 * Plain Greek of our own (the spec is silent); a rejected row's reason is providerMessages'.
 * A module of its own: only the server's command reads it.
 */
const where = (line: number, column: string | number | null) =>
  column === null || column === '' ? `Γραμμή ${line}` : `Γραμμή ${line}, στήλη ${column}`;
const NOTHING_IMPORTED = 'Δεν εισήχθη τίποτα από το αρχείο.';
const LIMIT_KB = IMPORT_RECORD_MAX_BYTES / 1024;

export const importFileMessages = {
  unreadable: (file: string) => `Το αρχείο ${file} δεν υπάρχει ή δεν διαβάζεται. ${NOTHING_IMPORTED}`,
  quoteNotClosed: (line: number, column: string | number | null) =>
    `${where(line, column)}: τα εισαγωγικά που ανοίγουν εδώ δεν κλείνουν ποτέ. Κλείστε τα στο τέλος του πεδίου· τα εισαγωγικά μέσα σε πεδίο γράφονται διπλά (""). ${NOTHING_IMPORTED}`,
  quoteInField: (line: number, column: string | number | null) =>
    `${where(line, column)}: εισαγωγικά στη μέση του πεδίου. Γράψτε όλο το πεδίο μέσα σε εισαγωγικά και τα εισαγωγικά του διπλά (""). ${NOTHING_IMPORTED}`,
  tooFewFields: (line: number, column: string | number | null, columns: number) =>
    `${where(line, column)}: η γραμμή τελειώνει πριν από αυτή τη στήλη, ενώ η πρώτη γραμμή του αρχείου ορίζει ${columns} στήλες. Συμπληρώστε τα πεδία που λείπουν (κενά, αν δεν έχουν τιμή). ${NOTHING_IMPORTED}`,
  tooManyFields: (line: number, column: number, columns: number) =>
    `${where(line, column)}: η γραμμή έχει περισσότερα πεδία από τις ${columns} στήλες της πρώτης γραμμής του αρχείου. Ένα πεδίο που περιέχει κόμμα γράφεται μέσα σε εισαγωγικά. ${NOTHING_IMPORTED}`,
  recordTooLarge: (line: number, column: string | number | null) =>
    `${where(line, column)}: η γραμμή ξεπερνά τα ${LIMIT_KB} KB, το όριο μιας γραμμής. Συνήθως λείπουν εισαγωγικά που κλείνουν ένα πεδίο. ${NOTHING_IMPORTED}`,
  malformedRow: (line: number, column: string | number | null) =>
    `${where(line, column)}: η γραμμή δεν είναι έγκυρη γραμμή CSV. ${NOTHING_IMPORTED}`,
  notJson: `Το αρχείο δεν είναι έγκυρο JSON. ${NOTHING_IMPORTED}`,
  notLists: `Ένα αρχείο JSON για εισαγωγή είναι ένα αντικείμενο με τις λίστες "events" και "tickets". ${NOTHING_IMPORTED}`,
  jsonValueTooLarge: (byte: number) =>
    `Byte ${byte} του αρχείου: μια εγγραφή ή τιμή ξεπερνά τα ${LIMIT_KB} KB, το όριο μιας εγγραφής. ${NOTHING_IMPORTED}`,
  databaseLost:
    'Η σύνδεση με τη βάση δεδομένων χάθηκε κατά την εισαγωγή. Όσα γράφτηκαν ως εκείνη τη στιγμή γράφτηκαν ολόκληρα, σε πλήρεις ομάδες εισιτηρίων· καμία ομάδα δεν έμεινε μισή. Εκτελέστε ξανά την ίδια εντολή όταν η βάση είναι διαθέσιμη: ό,τι υπάρχει ήδη μένει ως έχει και προστίθενται τα υπόλοιπα.',
} as const;
