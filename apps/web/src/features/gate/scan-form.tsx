import { gateMessages, gateScreenMessages, messages, type AdmissionRequest } from '@tickets/domain';
import { Form } from '../../shared/forms/form';
import { TextField } from '../../shared/forms/text-field';
import { CameraScanner, canScanWithCamera } from '../../shared/qr/camera-scanner';

const text = gateScreenMessages;
const CODE_FIELD = 'gate-code';

/**
 * The code field a keyboard-wedge scanner types into (the code, then Enter), and the camera where the
 * browser reads codes. The field is emptied as a code is sent, not once it is decided: a scanner types
 * the next code at once, and emptying the field then would cut it.
 */
export function ScanForm({
  eventId,
  busy,
  inputRef,
  onRefused,
  onSubmit,
}: {
  eventId: number;
  busy: boolean;
  /** The field's element: the screen keeps focus there, where the scanner types. */
  inputRef(element: HTMLInputElement | null): void;
  /** The code refused before it is sent: the field's message. */
  onRefused(message: string): void;
  onSubmit(request: AdmissionRequest): void;
}) {
  return (
    <Form<{ code: string }, AdmissionRequest>
      // The printed number refused first, then the admission route's own check (form-schemas.ts).
      schema={() => import('./form-schemas').then((schemas) => schemas.scanSchema(eventId))}
      defaultValues={{ code: '' }}
      // A steward reads the one field's message; focus stays in the field, where the scanner types.
      summary={false}
      reValidateMode="onSubmit"
      onRefused={(errors) => onRefused(errors.code?.message ?? gateMessages.code)}
      onSubmit={(request, { setValue }) => {
        setValue('code', '');
        onSubmit(request);
      }}
      className="app-gate__scan"
      submitLabel={text.check}
      busy={busy}
      actions={null}
      footer={(form) =>
        canScanWithCamera() ? (
          <CameraScanner
            labels={text}
            onCode={(scanned) => {
              form.setValue('code', scanned);
              form.submit();
            }}
          />
        ) : null
      }
    >
      {({ register, formState: { errors } }) => {
        const { ref, ...field } = register('code');
        return (
          <TextField
            id={CODE_FIELD}
            ref={(element) => {
              ref(element);
              inputRef(element);
            }}
            label={messages.ticketOffice.ticketCode}
            hint={text.codeHint}
            error={errors.code?.message}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="go"
            {...field}
          />
        );
      }}
    </Form>
  );
}
