import { messages } from '@tickets/domain';

const text = messages.standIn;

/**
 * GOV.GR's buttons are as wide as their text (max-content): «Σύνδεση ως <name> (<ΑΦΜ>)» is wider than
 * a phone, and the page scrolled sideways at 390 px. Here a button wraps within the page instead.
 */
const PAGE_STYLE = '<style>.govgr-btn{max-width:100%;text-align:left;overflow-wrap:anywhere}</style>';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface AuthorizePageModel {
  /** The OAuth parameters carried through the form as hidden fields. */
  oauth: Record<string, string>;
  people: { afm: string; firstName: string; lastName: string }[];
  error?: string;
  typed?: { afm: string; firstName: string; lastName: string };
}

const hiddenFields = (oauth: Record<string, string>) =>
  Object.entries(oauth)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');

/**
 * The stand-in's sign-in page: Greek, GOV.GR look, no script, usable by keyboard and screen reader.
 * Its content is one column of GOV.GR's grid (as the web app's app-layout.tsx): the grid wrapper
 * itself, at 768 px and wider, would set each heading and list side by side in three columns.
 */
export function renderAuthorizePage(model: AuthorizePageModel): string {
  const hidden = hiddenFields(model.oauth);
  const people = model.people
    .map(
      (person) => `<li><form method="post" action="/oauth2server/oauth/authorize">${hidden}
        <input type="hidden" name="afm" value="${escapeHtml(person.afm)}">
        <button class="govgr-btn govgr-btn-secondary" type="submit">${escapeHtml(
          text.signInAs(`${person.firstName} ${person.lastName}`),
        )} (${escapeHtml(person.afm)})</button></form></li>`,
    )
    .join('');
  const error = model.error
    ? `<div class="govgr-error-summary" role="alert" tabindex="-1"><h2 class="govgr-heading-m">${escapeHtml(
        text.errorTitle,
      )}</h2><p class="govgr-body">${escapeHtml(model.error)}</p></div>`
    : '';
  const typed = model.typed ?? { afm: '', firstName: '', lastName: '' };
  return `<!doctype html>
<html lang="el"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(text.title)}</title><link rel="stylesheet" href="/oauth2server/assets/digigov.css">${PAGE_STYLE}</head>
<body><header class="govgr-header"><div class="govgr-header__content govgr-width-container"><span class="govgr-header-title">TaxisNet</span></div></header>
<div class="govgr-width-container"><div class="govgr-main-wrapper"><main class="govgr-grid-column-two-thirds" id="main">
<h1 class="govgr-heading-xl">${escapeHtml(text.title)}</h1>
<p class="govgr-body">${escapeHtml(text.notice)}</p>${error}
<h2 class="govgr-heading-m">${escapeHtml(text.demoPeople)}</h2>
<ul class="govgr-list">${people}</ul>
<h2 class="govgr-heading-m">${escapeHtml(text.other)}</h2>
<form method="post" action="/oauth2server/oauth/authorize">${hidden}
<div class="govgr-field"><label class="govgr-label" for="afm">${escapeHtml(text.afm)}<span class="govgr-hint">${escapeHtml(
    text.afmHint,
  )}</span></label><input class="govgr-input" id="afm" name="afm" inputmode="numeric" autocomplete="off" maxlength="9" value="${escapeHtml(typed.afm)}"></div>
<p class="govgr-hint">${escapeHtml(text.namesHint)}</p>
<div class="govgr-field"><label class="govgr-label" for="firstName">${escapeHtml(text.firstName)}</label><input class="govgr-input" id="firstName" name="firstName" value="${escapeHtml(typed.firstName)}"></div>
<div class="govgr-field"><label class="govgr-label" for="lastName">${escapeHtml(text.lastName)}</label><input class="govgr-input" id="lastName" name="lastName" value="${escapeHtml(typed.lastName)}"></div>
<div class="govgr-button-group"><button class="govgr-btn govgr-btn-primary" type="submit">${escapeHtml(text.submit)}</button>
<button class="govgr-btn govgr-btn-secondary" type="submit" name="cancel" value="1">${escapeHtml(text.cancel)}</button></div>
</form></main></div></div></body></html>`;
}

export function renderErrorPage(message: string): string {
  return `<!doctype html><html lang="el"><head><meta charset="utf-8"><title>${escapeHtml(text.title)}</title>
<link rel="stylesheet" href="/oauth2server/assets/digigov.css"></head><body><main class="govgr-width-container">
<h1 class="govgr-heading-xl">${escapeHtml(text.title)}</h1><p class="govgr-body" role="alert">${escapeHtml(message)}</p></main></body></html>`;
}
