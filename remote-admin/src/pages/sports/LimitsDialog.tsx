import { useFormik } from 'formik';
import { Dialog, FormFooter, MESSAGES, TextField, type MarketLimits } from '@backlay/shared';
import { formToLimits, limitsSchema, limitsToForm } from './sports-forms';
import { useT } from '../../i18n';

/**
 * Edit the limits of a market, a fancy or a sport's defaults: minimum and maximum stake, maximum
 * profit (rupees) and bet delay (seconds). `onSave` sends them; its refusal shows under the form.
 */
export function LimitsDialog({
  title,
  limits,
  note,
  onClose,
  onSave,
}: {
  title: string;
  limits: MarketLimits;
  /** A line under the fields, e.g. what the defaults apply to. */
  note?: string;
  onClose: () => void;
  onSave: (limits: MarketLimits) => Promise<void>;
}) {
  const t = useT();
  const formik = useFormik({
    initialValues: limitsToForm(limits),
    validationSchema: limitsSchema,
    onSubmit: async (values, helpers) => {
      helpers.setStatus(undefined);
      try {
        await onSave(formToLimits(values));
      } catch (error) {
        helpers.setStatus(error instanceof Error ? error.message : MESSAGES.internal);
      }
    },
  });
  const field = (name: keyof typeof formik.values) => ({
    ...formik.getFieldProps(name),
    inputMode: 'numeric' as const,
    error: formik.touched[name] && formik.errors[name],
  });
  return (
    <Dialog title={title} onClose={onClose} closeDisabled={formik.isSubmitting}>
      <form className="bl-form" noValidate onSubmit={formik.handleSubmit}>
        <div className="bl-form-grid">
          <TextField label={t('limits.minStake')} {...field('minStake')} />
          <TextField label={t('limits.maxStake')} {...field('maxStake')} />
          <TextField label={t('limits.maxProfit')} {...field('maxProfit')} />
          <TextField label={t('limits.betDelaySeconds')} {...field('betDelaySec')} />
        </div>
        {note !== undefined ? <p className="bl-hint">{note}</p> : null}
        <FormFooter error={formik.status} submitting={formik.isSubmitting} submitLabel={t('limits.save')} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
