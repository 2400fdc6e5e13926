import { describe, expect, it } from 'vitest';
import { fullNameInCapitals, inCapitals } from './names';

describe('names in capitals', () => {
  it('drops the tonos of Greek letters, keeps the diaeresis, and leaves other letters as upper case gives them', () => {
    expect(inCapitals('Μαρία Παπαδοπούλου')).toBe('ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ');
    expect(inCapitals('Ευδοξία Αϊδίνη')).toBe('ΕΥΔΟΞΙΑ ΑΪΔΙΝΗ');
    expect(inCapitals('Προΐσταμαι ΰψος')).toBe('ΠΡΟΪΣΤΑΜΑΙ ΫΨΟΣ');
    expect(inCapitals('ΆΈΉΊΌΎΏ')).toBe('ΑΕΗΙΟΥΩ');
    expect(inCapitals("José O'Brien-Müller")).toBe("JOSÉ O'BRIEN-MÜLLER");
    expect(inCapitals('ΙΩΑΝΝΗΣ')).toBe('ΙΩΑΝΝΗΣ');
  });

  it('joins first and last name', () => {
    expect(fullNameInCapitals('Γιώργος', 'Νικολάου')).toBe('ΓΙΩΡΓΟΣ ΝΙΚΟΛΑΟΥ');
  });
});
