import { COPYRIGHT_YEAR, FOOTER_LINKS, messages } from '@tickets/domain';

export function AppFooter() {
  return (
    <footer className="govgr-footer">
      <div className="govgr-width-container">
        <div className="govgr-footer__meta">
          <div className="govgr-footer__meta-item govgr-footer__meta-item--grow">
            <ul className="govgr-footer__inline-list">
              <li className="govgr-footer__inline-list-item">
                <a className="govgr-footer__link" href={FOOTER_LINKS.accessibility}>
                  {messages.footer.accessibility}
                </a>
              </li>
              <li className="govgr-footer__inline-list-item">
                <a className="govgr-footer__link" href={FOOTER_LINKS.terms}>
                  {messages.footer.terms}
                </a>
              </li>
              <li className="govgr-footer__inline-list-item">
                <a className="govgr-footer__link" href={FOOTER_LINKS.privacy}>
                  {messages.footer.privacy}
                </a>
              </li>
            </ul>
            <p className="govgr-footer__licence-description">{messages.footer.copyright(COPYRIGHT_YEAR)}</p>
          </div>
        </div>
      </div>
    </footer>
  );
}
