import { useFormik } from 'formik';
import { Button, Dialog, MESSAGES, TextField, type MarketLimits } from '@backlay/shared';
import { formToLimits, limitsSchema, limitsToForm } from './sports-forms';

/**
 * Edit the limits of a market, a fancy or a sport's defaults: minimum and maximum stake, maximum
 * profit (rupees) and bet delay (seconds). `onSave` sends them; its refusal shows under the form.
 */
export function LimitsDialog({ title, limits, onClose, onSave }: { title: string; limits: MarketLimits; onClose: () => void; onSave: (limits: MarketLimits) => Promise<void> }) {
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
          <TextField label="Min stake" {...field('minStake')} />
          <TextField label="Max stake" {...field('maxStake')} />
          <TextField label="Max profit" {...field('maxProfit')} />
          <TextField label="Bet delay (seconds)" {...field('betDelaySec')} />
        </div>
        {formik.status ? (
          <p className="bl-form-error" role="alert">
            {formik.status as string}
          </p>
        ) : null}
        <div className="bl-form-actions">
          <Button variant="secondary" onClick={onClose} disabled={formik.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={formik.isSubmitting}>
            Save limits
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
