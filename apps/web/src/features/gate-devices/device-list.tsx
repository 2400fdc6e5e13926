import { useEffect, useRef, useState } from 'react';
import { formatDateTime, gateDevicesMessages, type GateDevice } from '@tickets/domain';
import { toastFailure, toastSuccess } from '../../shared/api/toast-failure';
import { Button } from '../../shared/components/buttons';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { useDeviceOrganisations, useRenewGateDeviceMutation, useRevokeGateDeviceMutation } from './api';

const text = gateDevicesMessages;

/**
 * The club's devices, live ones first: until when each paired one works (the night of the club's last
 * match of the day), renewed with one click; each live one can be revoked, after a confirmation.
 */
export function DeviceList({ devices, onRevoked }: { devices: GateDevice[]; onRevoked(): void }) {
  const [revoking, setRevoking] = useState<GateDevice>();
  // The club by its name, as the registration form lists them: an officer does not know clubs by id.
  const clubs = useDeviceOrganisations();
  const clubOf = (device: GateDevice) =>
    clubs.status === 'error'
      ? device.organisationId
      : clubs.data?.organisations.find((club) => club.organisationId === device.organisationId)?.name;
  // Told once the dialog has closed (its closing returns focus to its opener, the pressed button):
  // this component's effects run after the dialog's, so what `onRevoked` focuses keeps the focus.
  const revokedJustNow = useRef(false);
  useEffect(() => {
    if (revoking || !revokedJustNow.current) return;
    revokedJustNow.current = false;
    onRevoked();
  }, [revoking, onRevoked]);
  const revoke = useRevokeGateDeviceMutation({
    onSuccess: () => {
      toastSuccess(text.revoked);
      revokedJustNow.current = true;
      setRevoking(undefined);
    },
    onError: (error) => toastFailure(error),
  });
  const renew = useRenewGateDeviceMutation({
    onSuccess: (renewed) => {
      toastSuccess(text.renewed(formatDateTime(renewed.credentialExpiresAt ?? '')));
    },
    onError: (error) => toastFailure(error),
  });
  // As of when the list was opened: a renewal or a revocation reads the list again.
  const [openedAt] = useState(Date.now);
  const expired = (device: GateDevice) =>
    device.credentialExpiresAt !== null && Date.parse(device.credentialExpiresAt) <= openedAt;

  if (devices.length === 0) return <p className="govgr-body">{text.none}</p>;
  return (
    <>
      <ul className="govgr-list app-device-list">
        {devices.map((device) => (
          <li key={device.deviceId} className="app-device">
            <p className="govgr-body govgr-mb-0">
              <strong>{device.label}</strong>
              {clubOf(device) ? ` (${clubOf(device)})` : null}
            </p>
            <p className="govgr-body govgr-mb-0">
              {text.createdAt}: {formatDateTime(device.createdAt)}
            </p>
            <p className="govgr-body govgr-mb-0">
              {device.pairedAt ? text.pairedAt(formatDateTime(device.pairedAt)) : text.notPaired}
            </p>
            {device.credentialExpiresAt && !device.revokedAt ? (
              <p className="govgr-body govgr-mb-0">
                {expired(device) ? (
                  <strong>{text.expiredAt(formatDateTime(device.credentialExpiresAt))}</strong>
                ) : (
                  text.worksUntil(formatDateTime(device.credentialExpiresAt))
                )}
              </p>
            ) : null}
            {device.pairingRefusedAt && !device.revokedAt ? (
              <div className="govgr-warning-text">
                <p className="govgr-body">
                  <strong>{text.pairingRefusedAt(formatDateTime(device.pairingRefusedAt))}</strong>
                </p>
              </div>
            ) : null}
            {device.revokedAt ? (
              <p className="govgr-body">
                <span className="app-tag app-tag--warning">
                  {text.revokedAt(formatDateTime(device.revokedAt))}
                </span>
              </p>
            ) : (
              <p className="govgr-body">
                <span className="app-tag app-tag--success">{text.live}</span>{' '}
                {device.credentialExpiresAt ? (
                  <>
                    <Button
                      variant="secondary"
                      aria-label={text.renewLabel(device.label)}
                      busy={renew.isPending && renew.variables === device.deviceId}
                      onClick={() => renew.mutate(device.deviceId)}
                    >
                      {text.renew}
                    </Button>{' '}
                  </>
                ) : null}
                <Button
                  variant="warning"
                  aria-label={text.revokeLabel(device.label)}
                  onClick={() => setRevoking(device)}
                >
                  {text.revoke}
                </Button>
              </p>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== undefined}
        title={text.revokeTitle}
        confirmLabel={text.revoke}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.deviceId)}
        onClose={() => setRevoking(undefined)}
      >
        <p className="govgr-body">{revoking ? text.revokeBody(revoking.label) : null}</p>
      </ConfirmDialog>
    </>
  );
}
