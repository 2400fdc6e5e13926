import { useLocation } from 'react-router';
import { messages } from '@tickets/domain';
import { ButtonLink } from '../../shared/components/buttons';
import { paths } from '../../shared/paths';
import NotFoundPage from '../../shared/components/not-found-page';
import type { CompanionSuccessState } from './api';
import { DeclarationDetails } from './declaration-details';

const text = messages.companions;

/**
 * docs/product-spec.md §2 "Success screen", companion and cancel variants: needs its state, else not found.
 */
export default function CompanionSuccessPage({ variant }: { variant: 'companion' | 'cancel' }) {
  const state = useLocation().state as Partial<CompanionSuccessState> | null;
  const declaration = state?.declaration;
  if (!declaration) return <NotFoundPage />;
  const title = variant === 'companion' ? messages.screens.successCompanion : messages.screens.successCancel;
  const body =
    variant === 'companion'
      ? text.successCompanionBody(declaration.dependentName)
      : text.successCancelBody(declaration.dependentName);
  return (
    <>
      <div className="govgr-panel govgr-panel--confirmation">
        <h1 className="govgr-panel__title govgr-heading-xl" tabIndex={-1} data-page-heading>
          {title}
        </h1>
        <div className="govgr-panel__body">{body}</div>
      </div>
      <DeclarationDetails declaration={declaration} />
      <ButtonLink to={paths.tickets.chooseAction} variant="secondary">
        {text.backToActions}
      </ButtonLink>
    </>
  );
}
