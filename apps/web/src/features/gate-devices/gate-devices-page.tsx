import { useState } from 'react';
import { Link } from 'react-router';
import {
  gateCountsMessages,
  gateDevicesMessages,
  matchDayMessages,
  messages,
  type CreatedGateDevice,
} from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { BackLink } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { PageHeading } from '../../shared/components/page-heading';
import { Spinner } from '../../shared/components/spinner';
import { paths } from '../../shared/paths';
import { useGateDevices } from './api';
import { CreateDeviceForm } from './create-device-form';
import { DeviceList } from './device-list';
import { DeviceToken } from './device-token';
import { GateCounts } from './gate-counts';

const text = gateDevicesMessages;
const LIST_TITLE_ID = 'gate-devices-title';

/** "Πύλες εισόδου": the club's gate devices (docs/design.md §8). */
export default function GateDevicesPage() {
  const devices = useGateDevices();
  const [created, setCreated] = useState<CreatedGateDevice>();
  return (
    <>
      <BackLink to={paths.ticketOffice.chooseUser} />
      <PageHeading>{messages.screens.gateDevices}</PageHeading>
      <p className="govgr-body">{text.intro}</p>
      {created ? (
        <DeviceToken device={created} onDone={() => setCreated(undefined)} />
      ) : (
        <CreateDeviceForm onCreated={setCreated} />
      )}
      <h2 className="govgr-heading-m govgr-mt-6" id={LIST_TITLE_ID} tabIndex={-1}>
        {text.listTitle}
      </h2>
      {devices.status === 'pending' ? <Spinner /> : null}
      {devices.status === 'error' ? (
        <ErrorBox message={failureMessage(devices.error, text.loadFailed)} />
      ) : null}
      {devices.status === 'success' ? (
        <DeviceList
          devices={devices.data}
          onRevoked={() => {
            // The pressed button is gone with the device's live state: focus goes back to the list,
            // once the dialog has closed (closing returns focus to its opener).
            requestAnimationFrame(() => document.getElementById(LIST_TITLE_ID)?.focus());
          }}
        />
      ) : null}
      <h2 className="govgr-heading-m govgr-mt-6">{gateCountsMessages.title}</h2>
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.ticketOffice.matchDay}>
          {matchDayMessages.link}
        </Link>
      </p>
      <GateCounts />
    </>
  );
}
