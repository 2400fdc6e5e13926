/**
 * A name as it is printed on a ticket and shown at the gate: in capitals, the way Greek is written
 * in capitals — without the tonos («Μαρία» → «ΜΑΡΙΑ»), a diaeresis kept («Ευδοξία Αϊδίνη» →
 * «ΕΥΔΟΞΙΑ ΑΪΔΙΝΗ») — and Latin letters as upper case gives them, accents kept («José» → «JOSÉ»).
 */
export function inCapitals(text: string): string {
  return text
    .toUpperCase()
    .normalize('NFD')
    .replace(/(?<=\p{Script=Greek}\u0308?)\u0301/gu, '')
    .normalize('NFC');
}

/** The ticket's holder name: first name and last name, in capitals. */
export const fullNameInCapitals = (firstName: string, lastName: string) =>
  inCapitals(`${firstName} ${lastName}`);
