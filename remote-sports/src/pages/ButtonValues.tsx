import { useState } from 'react';
import { Formik, type FormikErrors, type FormikTouched } from 'formik';
import * as yup from 'yup';
import { BetSettings } from './BetSettings';
import { BUTTON_LABEL_MAX_LENGTH, BUTTON_VALUE_MAX, BuildTag, Button, DEFAULT_BUTTON_VALUES, EmptyState, MESSAGES, Page, Spinner, TextField, localizeApiMessage, notify, type ApiError, type ButtonValue, useLoad, useApis } from '@backlay/shared';
import { t as translate, useT } from '../i18n';

/** The stake buttons screen edits this many buttons (the API stores up to BUTTON_VALUES_MAX). */
export const STAKE_BUTTON_COUNT = 8;
/** The largest button value: the API's own limit. */
export const STAKE_BUTTON_VALUE_MAX_RUPEES = BUTTON_VALUE_MAX;

/**
 * What the form says for each rule, in the page's language when read (the schema reads them when
 * it validates); the label rules are the API's own messages.
 */
export const STAKE_BUTTON_MESSAGES = {
  get labelRequired() {
    return localizeApiMessage(MESSAGES.buttonLabelRequired);
  },
  get labelTooLong() {
    return localizeApiMessage(MESSAGES.buttonLabelTooLong);
  },
  get valueRequired() {
    return translate('buttons.valueRequired');
  },
  get valueWhole() {
    return translate('buttons.valueWhole');
  },
  get valuePositive() {
    return translate('buttons.valuePositive');
  },
  get valueTooLarge() {
    return translate('buttons.valueTooLarge');
  },
};

const INTEGER = /^\s*-?\d+\s*$/;

/** One row as typed: text, validated, then sent as a number. */
interface Row {
  label: string;
  value: string;
}

/** The stake buttons form's rules: labels required and short, values whole rupees in (0, 10,00,000]. */
export const buttonValuesSchema = yup.object({
  buttons: yup
    .array()
    .of(
      yup.object({
        label: yup
          .string()
          .trim()
          .required(() => STAKE_BUTTON_MESSAGES.labelRequired)
          .max(BUTTON_LABEL_MAX_LENGTH, () => STAKE_BUTTON_MESSAGES.labelTooLong),
        value: yup
          .string()
          .trim()
          .required(() => STAKE_BUTTON_MESSAGES.valueRequired)
          .matches(INTEGER, () => STAKE_BUTTON_MESSAGES.valueWhole)
          .test('positive', () => STAKE_BUTTON_MESSAGES.valuePositive, (v) => !v || !INTEGER.test(v) || Number(v) > 0)
          .test('max', () => STAKE_BUTTON_MESSAGES.valueTooLarge, (v) => !v || !INTEGER.test(v) || Number(v) <= STAKE_BUTTON_VALUE_MAX_RUPEES),
      }),
    )
    .length(STAKE_BUTTON_COUNT)
    .required(),
});

/** The API's buttons as form rows, padded with the defaults (DEFAULT_BUTTON_VALUES) to STAKE_BUTTON_COUNT. */
export function toRows(buttons: ButtonValue[]): Row[] {
  return Array.from({ length: STAKE_BUTTON_COUNT }, (_, i) => {
    const b = buttons[i] ?? DEFAULT_BUTTON_VALUES[i];
    return { label: b.label, value: String(b.value) };
  });
}

/**
 * button-values: the player's eight stake buttons (label and value), saved for the user with
 * save-button-values. The bet slip offers them as quick stakes. Below them, the player's bet
 * settings: odds acceptance and one-click betting (BetSettings, ADR 0055).
 */
export function ButtonValues() {
  const t = useT();
  const { sports: sportsApi } = useApis();
  const { load } = useLoad(() => sportsApi.buttonValues().then(toRows));
  const [serverError, setServerError] = useState<string | null>(null);

  if (load.state === 'loading') return <Spinner label={t('buttons.loading')} />;
  if (load.state === 'fail') {
    return (
      <Page title={t('buttons.title')}>
        <EmptyState>{t('buttons.failed', { message: load.message })}</EmptyState>
      </Page>
    );
  }

  return (
    <Page title={t('buttons.title')}>
      <p className="bl-hint">{t('buttons.hint')}</p>
      <Formik
        initialValues={{ buttons: load.value }}
        validationSchema={buttonValuesSchema}
        enableReinitialize
        onSubmit={async (values, helpers) => {
          setServerError(null);
          try {
            const res = await sportsApi.saveButtonValues(values.buttons.map((b) => ({ label: b.label.trim(), value: Number(b.value) })));
            notify('success', res.message);
            helpers.resetForm({ values: { buttons: toRows(res.data) } });
          } catch (error) {
            const e = error as ApiError;
            setServerError(e.message);
            if (!e.silent) notify('error', e.message);
          }
        }}
      >
        {(form) => {
          const errors = (form.errors.buttons ?? []) as FormikErrors<Row>[];
          const touched = (form.touched.buttons ?? []) as FormikTouched<Row>[];
          return (
            <form className="bl-form bl-form--wide" noValidate onSubmit={form.handleSubmit}>
              <ol className="bl-stakes">
                {form.values.buttons.map((_, i) => (
                  <li key={i} className="bl-stakes__row">
                    <TextField
                      label={t('buttons.label', { n: i + 1 })}
                      {...form.getFieldProps(`buttons.${i}.label`)}
                      maxLength={BUTTON_LABEL_MAX_LENGTH + 5}
                      error={touched[i]?.label && errors[i]?.label}
                    />
                    <TextField
                      label={t('buttons.value', { n: i + 1 })}
                      inputMode="numeric"
                      {...form.getFieldProps(`buttons.${i}.value`)}
                      error={touched[i]?.value && errors[i]?.value}
                    />
                  </li>
                ))}
              </ol>
              {serverError ? (
                <p className="bl-form-error" role="alert">
                  {serverError}
                </p>
              ) : null}
              <div className="bl-form-actions">
                <Button type="submit" disabled={form.isSubmitting}>
                  {t('buttons.save')}
                </Button>
              </div>
            </form>
          );
        }}
      </Formik>
      <BetSettings />
      <BuildTag app="sports" label={__BUILD_LABEL__} />
    </Page>
  );
}
