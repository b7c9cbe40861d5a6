import { Send } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { contactSchema } from '../../../../common/schemas/contact';
import { ApiError } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/form';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextArea, TextField } from '../../../ui/field';
import { useSendContact } from '../api/send-contact';

type Field = 'name' | 'email' | 'subject' | 'message';
const FIELDS: Field[] = ['name', 'email', 'subject', 'message'];
const EMPTY: Record<Field, string> = { name: '', email: '', subject: '', message: '' };
const fieldId = (field: Field) => `contact-${field}`;

/** A suspension's appeal: the link's token and the account's details the form starts with. */
export interface AppealStart {
  token: string;
  name: string;
  email: string;
}

/**
 * The contact form: checked with the shared schema as fields are left, a summary on submit, then
 * sent. For an appeal it starts filled with the account's name and address and a subject naming
 * the appeal, and sends the link's token with the message.
 */
export function ContactForm({ appeal }: { appeal?: AppealStart } = {}) {
  const { t } = useTranslation('contact');
  const [values, setValues] = useState(() => (appeal ? { ...EMPTY, name: appeal.name, email: appeal.email, subject: t('appeal.subject') } : EMPTY));
  const [summary, setSummary] = useState(false);
  const form = useSchemaForm<Field>(contactSchema, values);
  const send = useSendContact();
  const summaryRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLDivElement>(null);

  const errorText = (field: Field) => {
    const key = form.errors[field];
    return key ? t(`errors:${key}`, form.params[field]) : undefined;
  };
  const shownErrors = FIELDS.filter((field) => form.errors[field]);

  useEffect(() => {
    if (send.isSuccess) successRef.current?.focus();
  }, [send.isSuccess]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    send.reset();
    if (!form.submit()) {
      setSummary(true);
      // After the render that shows it, so screen readers read the list of problems.
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    setSummary(false);
    send.mutate(contactSchema.parse(appeal ? { ...values, appeal: appeal.token } : values), {
      onSuccess: () => {
        setValues(EMPTY);
        form.reset();
      },
    });
  };

  /** The props binding an input to a field: id, name, value, change, blur and its error. */
  const bind = (field: Field) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues((prev) => ({ ...prev, [field]: event.target.value })),
    onBlur: () => form.blur(field),
    error: errorText(field),
  });

  if (send.isSuccess) {
    return (
      <div ref={successRef} tabIndex={-1} className="focus:outline-none">
        <Alert
          tone="success"
          title={t('success.title')}
          action={
            <Button size="sm" onClick={() => send.reset()}>
              {t('success.again')}
            </Button>
          }
        >
          {t('success.text')}
        </Alert>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-describedby="contact-required">
      {summary && shownErrors.length > 0 && (
        <div ref={summaryRef} tabIndex={-1} className="focus:outline-none">
          <Alert tone="error" title={t('form.summary', { count: shownErrors.length })}>
            <ul className="list-disc space-y-1 pl-5">
              {shownErrors.map((field) => (
                <li key={field}>
                  <a href={`#${fieldId(field)}`} className="underline underline-offset-4">
                    {t(`form.${field}`)}: {errorText(field)}
                  </a>
                </li>
              ))}
            </ul>
          </Alert>
        </div>
      )}
      {send.isError && (
        <Alert tone="error" title={t('form.sendFailed')}>
          {send.error instanceof ApiError ? send.error.message : t('errors:generic')}
        </Alert>
      )}
      <p id="contact-required" className="text-sm text-ink-muted">
        {t('form.required')}
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...bind('name')} label={t('form.name')} autoComplete="name" required />
        <TextField {...bind('email')} label={t('form.email')} type="email" autoComplete="email" inputMode="email" required />
      </div>
      <TextField {...bind('subject')} label={t('form.subject')} labelSuffix={t('form.optional')} />
      <TextArea {...bind('message')} label={t('form.message')} required rows={7} hint={t('form.messageHint')} />
      <Button
        type="submit"
        variant="primary"
        loading={send.isPending}
        icon={<Send aria-hidden="true" className="size-4" />}
      >
        {send.isPending ? t('form.sending') : t('form.send')}
      </Button>
    </form>
  );
}
