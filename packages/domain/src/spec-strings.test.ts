// This test alone reads files: the product specification (the package itself runs in browsers too).
/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from './errors';
import * as formMessages from './form-messages';
import * as gateMessages from './gate-messages';
import * as messagesModule from './messages';
import * as walletMessages from './wallet-messages';

/** The repository's copy of the spec, and the original beside the repository (present in CI). */
const REPO_COPY = new URL('../../../docs/product-spec.md', import.meta.url);
const ORIGINAL = new URL('../../../../shared/spec/product-spec.md', import.meta.url);
/** The copy's first line says where it comes from; the rest is the original, byte for byte. */
const ORIGIN_NOTE = /^<!--[^\n]*-->\n/;

const spec = readFileSync(REPO_COPY, 'utf8').replace(ORIGIN_NOTE, '');
const GREEK = /[\u0370-\u03FF\u1F00-\u1FFF]/;

/**
 * The spec's single-quoted strings that hold Greek. A quote opens where no letter or digit comes
 * before it, so the apostrophe of "the user's" opens nothing. Where the spec paraphrases half of a
 * quote in English ('Πρόσβαση μη επιτρεπτή, you are not authorised …'), only its Greek parts count.
 */
function quotedGreekStrings(text: string): string[] {
  const quotes = [...text.matchAll(/(?<![\p{L}\d])'([^'\n]+?)'(?!\p{L})/gu)].map((match) => match[1] ?? '');
  const greek = quotes
    .filter((quote) => GREEK.test(quote))
    .flatMap((quote) => {
      const parts = quote.split(/,\s*/);
      return parts.every((part) => GREEK.test(part)) ? [quote] : parts.filter((part) => GREEK.test(part));
    });
  return [...new Set(greek)];
}

/** The Greek labels of the spec's document-type table (`| PASSPORT | Διαβατήριο |`). */
function documentTypeTableLabels(text: string): string[] {
  return [...text.matchAll(/^\| [A-Z_]+ \| ([^|]+?) \|$/gmu)]
    .map((match) => match[1] ?? '')
    .filter((label) => GREEK.test(label));
}

/** Every string the messages modules and the error catalogue hold, however deeply nested. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
}
const productStrings = new Set(
  [messagesModule, formMessages, gateMessages, walletMessages, errorCatalogue].flatMap(stringsIn),
);

describe('the Greek strings of the product spec', () => {
  it('are found in the spec (the extraction works)', () => {
    expect(quotedGreekStrings(spec)).toEqual(expect.arrayContaining(['Αποστολή', 'Πρόσβαση μη επιτρεπτή']));
    expect(documentTypeTableLabels(spec)).toHaveLength(10);
  });

  it.each(quotedGreekStrings(spec))('%s: is in the messages, verbatim', (quote) => {
    expect(productStrings).toContain(quote);
  });

  it.each(documentTypeTableLabels(spec))('%s: is a document-type label, verbatim', (label) => {
    expect(Object.values(formMessages.documentTypeLabels)).toContain(label);
  });

  it.runIf(existsSync(ORIGINAL))("the repository's copy is the spec beside the repository, unchanged", () => {
    expect(spec).toBe(readFileSync(ORIGINAL, 'utf8'));
  });
});
