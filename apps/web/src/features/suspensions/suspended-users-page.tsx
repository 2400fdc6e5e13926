import { useRef, useState, type KeyboardEvent } from 'react';
import { messages, suspensionMessages } from '@tickets/domain';
import { BackLink } from '../../shared/components/buttons';
import { PageHeading } from '../../shared/components/page-heading';
import { paths } from '../../shared/paths';
import { InsertForm } from './insert-form';
import { SearchForm } from './search-form';

const text = suspensionMessages;
const TABS = [
  { id: 'insert', label: text.insertTab },
  { id: 'search', label: text.searchTab },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** docs/product-spec.md §2 "Suspended users": two tabs (WAI-ARIA tabs: arrow keys move between them). */
export default function SuspendedUsersPage() {
  const [tab, setTab] = useState<TabId>('insert');
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next =
      TABS[(TABS.findIndex((candidate) => candidate.id === tab) + 1) % TABS.length]?.id ?? 'insert';
    setTab(next);
    buttons.current[next]?.focus();
  };
  return (
    <>
      <BackLink to={paths.ticketOffice.chooseUser} />
      <PageHeading>{messages.screens.suspendedUsers}</PageHeading>
      <div
        role="tablist"
        aria-label={messages.screens.suspendedUsers}
        className="app-tabs"
        onKeyDown={onKeyDown}
      >
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className={`app-tab ${tab === id ? 'app-tab--selected' : ''}`.trim()}
            ref={(element) => {
              buttons.current[id] = element;
            }}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      {TABS.map(({ id }) => (
        <div
          key={id}
          role="tabpanel"
          id={`panel-${id}`}
          aria-labelledby={`tab-${id}`}
          hidden={tab !== id}
          className="app-tab-panel"
        >
          {id === 'insert' ? <InsertForm /> : <SearchForm />}
        </div>
      ))}
    </>
  );
}
