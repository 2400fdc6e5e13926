import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime, messages, type Declaration } from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { toastFailure, toastSuccess } from '../../shared/api/toast-failure';
import { BackLink, Button } from '../../shared/components/buttons';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { ErrorBox } from '../../shared/components/error-box';
import { PageHeading } from '../../shared/components/page-heading';
import { Spinner } from '../../shared/components/spinner';
import { SummaryList } from '../../shared/components/summary-list';
import { paths } from '../../shared/paths';
import {
  useCancelDeclarationMutation,
  useChangeCompanionMutation,
  useDeclarations,
  type CompanionSuccessState,
} from './api';
import { DeclarationDetails } from './declaration-details';

// The change dialog is a form (react-hook-form): loaded when asked for, not with the list.
const ChangeCompanionDialog = lazy(() =>
  import('./change-companion-dialog').then((module) => ({ default: module.ChangeCompanionDialog })),
);

const text = messages.companions;

function StatusTag({ status }: { status: Declaration['status'] }) {
  const pending = status === 'PENDING';
  return (
    <strong className={`app-tag ${pending ? 'app-tag--warning' : 'app-tag--success'}`}>
      {pending ? text.pending : text.accepted}
    </strong>
  );
}

/** docs/product-spec.md §2 "Cancel events": PENDING and ACCEPTED declarations; cancel or change companion. */
export default function CancelEventsPage() {
  const navigate = useNavigate();
  const declarations = useDeclarations();
  const [cancelling, setCancelling] = useState<Declaration>();
  const [changing, setChanging] = useState<Declaration>();
  const cancel = useCancelDeclarationMutation({
    onSuccess: (declaration) => {
      navigate(paths.tickets.successCancel, { state: { declaration } satisfies CompanionSuccessState });
    },
    onError: (error) => {
      toastFailure(error);
      setCancelling(undefined);
    },
  });
  const change = useChangeCompanionMutation({
    onSuccess: () => {
      toastSuccess(text.changed);
      setChanging(undefined);
    },
  });
  const busy = cancel.isPending || change.isPending;

  return (
    <>
      <BackLink to={paths.tickets.chooseAction} />
      <PageHeading>{messages.screens.cancelEvents}</PageHeading>
      {declarations.status === 'pending' ? <Spinner label={text.loadingDeclarations} /> : null}
      {declarations.status === 'error' ? (
        <ErrorBox message={failureMessage(declarations.error, messages.errors.loadFailed)} />
      ) : null}
      {declarations.status === 'success' && declarations.data.length === 0 ? (
        <p className="govgr-body">{text.noDeclarations}</p>
      ) : null}
      {declarations.status === 'success'
        ? declarations.data.map((declaration) => (
            <section
              className="govgr-card govgr-card--border app-declaration"
              key={declaration.declarationId}
              aria-label={`${declaration.dependentName} – ${declaration.eventDescription}`}
            >
              <div className="govgr-card__body">
                <p className="govgr-body">
                  {text.status}: <StatusTag status={declaration.status} />
                </p>
                <DeclarationDetails declaration={declaration} />
                {declaration.status === 'PENDING' ? (
                  <Button variant="warning" onClick={() => setCancelling(declaration)}>
                    {text.cancelRequest}
                  </Button>
                ) : (
                  <Button variant="secondary" onClick={() => setChanging(declaration)}>
                    {text.changeCompanion}
                  </Button>
                )}
              </div>
            </section>
          ))
        : null}
      <ConfirmDialog
        open={cancelling !== undefined}
        title={text.cancelConfirm}
        busy={busy}
        onConfirm={() => cancelling && cancel.mutate(cancelling.declarationId)}
        onClose={() => setCancelling(undefined)}
      >
        {/* Under the spec's question, whose request it is: the minor, the match, the companion. */}
        {cancelling ? (
          <SummaryList
            rows={[
              [text.minor, cancelling.dependentName],
              [text.event, `${cancelling.eventDescription}, ${formatDateTime(cancelling.eventDateTime)}`],
              [text.companion, cancelling.companionName],
            ]}
          />
        ) : null}
      </ConfirmDialog>
      {changing ? (
        <Suspense fallback={null}>
          <ChangeCompanionDialog
            open
            busy={busy}
            onSend={(afm, refusal) =>
              change.mutate(
                { declarationId: changing.declarationId, afm },
                { onError: (error) => refusal.refuse(error) },
              )
            }
            onClose={() => setChanging(undefined)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
