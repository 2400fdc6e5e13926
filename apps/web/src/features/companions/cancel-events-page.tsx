import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { formatDateTime, messages, type Declaration } from '@tickets/domain';
import { toastFailure } from '../../shared/api/toast-failure';
import { BackLink, Button } from '../../shared/components/buttons';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { ErrorBox } from '../../shared/components/error-box';
import { PageHeading } from '../../shared/components/page-heading';
import { Spinner } from '../../shared/components/spinner';
import { SummaryList } from '../../shared/components/summary-list';
import { paths } from '../../shared/paths';
import { useRefusal } from '../../shared/forms/use-refusal';
import { useLoad } from '../../shared/use-load';
import { cancelDeclaration, changeCompanion, fetchDeclarations, type CompanionSuccessState } from './api';
import { ChangeCompanionDialog } from './change-companion-dialog';
import { DeclarationDetails } from './declaration-details';

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
  const [declarations, reload] = useLoad(fetchDeclarations, messages.errors.loadFailed);
  const [cancelling, setCancelling] = useState<Declaration>();
  const [changing, setChanging] = useState<Declaration>();
  const [busy, setBusy] = useState(false);
  const changeRefusal = useRefusal();

  const confirmCancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    try {
      const declaration = await cancelDeclaration(cancelling.declarationId);
      navigate(paths.tickets.successCancel, { state: { declaration } satisfies CompanionSuccessState });
    } catch (error) {
      toastFailure(error);
      setBusy(false);
      setCancelling(undefined);
    }
  };

  const sendChange = async (afm: string) => {
    if (!changing) return;
    setBusy(true);
    try {
      await changeCompanion(changing.declarationId, afm);
      toast.success(text.changed);
      setChanging(undefined);
      reload();
    } catch (error) {
      changeRefusal.refuse(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <BackLink to={paths.tickets.chooseAction} />
      <PageHeading>{messages.screens.cancelEvents}</PageHeading>
      {declarations.status === 'loading' ? <Spinner label={text.loadingDeclarations} /> : null}
      {declarations.status === 'failed' ? <ErrorBox message={declarations.message} /> : null}
      {declarations.status === 'ready' && declarations.data.length === 0 ? (
        <p className="govgr-body">{text.noDeclarations}</p>
      ) : null}
      {declarations.status === 'ready'
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
        onConfirm={() => void confirmCancel()}
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
        <ChangeCompanionDialog
          open
          busy={busy}
          refusal={changeRefusal}
          onSend={(afm) => void sendChange(afm)}
          onClose={() => {
            changeRefusal.clear();
            setChanging(undefined);
          }}
        />
      ) : null}
    </>
  );
}
