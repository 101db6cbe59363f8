/**
 * The lightbox of a product's additional-fields form (docs/storefront.md, "Additional fields"):
 * the form in the storefront's dialog (closed by its close button, Enter or Space on it, and
 * Escape; focus kept inside and given back). Submitting checks the fields with the product's texts
 * (each field's message above its title, and 'One or more fields is invalid, please check your
 * entries.') and hands the values over; a failed save shows its message and keeps the values.
 * Used to add a product (product page, quick view) and to edit an entry on /cart.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type {
  AdditionalForm,
  FieldValue,
  FieldValues,
  FormField,
} from '../../state/additional-fields.js';
import { FORM_MESSAGES } from '../../api/form-messages.js';
import { emptyValue, LIKERT_LABELS, validateValues } from './additional-fields-form.js';
import type { Notice } from '../../runtime.js';
import { Dialog } from '../dialogs/dialog.js';

const SAVING_LABEL = 'Saving…';
/** A select's empty first option, unless the field has a placeholder (the demo's form-field.block says the same). */
const SELECT_PROMPT = 'Select an option';

export interface AdditionalFieldsDialogProps {
  form: AdditionalForm;
  /** Values to start from (an entry's, when editing). */
  initial?: FieldValues;
  submitLabel: string;
  /** Shown under the fields, by the button, while a field is invalid (the cart's edit form). */
  invalidBelow?: string;
  opener: HTMLElement | null;
  /** Saves the values: resolves with what to show when that failed, else null (it closes). */
  onSubmit(values: FieldValues): Promise<Notice | null>;
  onClose(): void;
}

let serial = 0;

export function AdditionalFieldsDialog(props: AdditionalFieldsDialogProps): ReactNode {
  const { form } = props;
  const [prefix] = useState(() => `sf-af-${++serial}`);
  const [values, setValues] = useState<FieldValues>(() => ({ ...props.initial }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (id: string, value: FieldValue) => setValues((all) => ({ ...all, [id]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const found = validateValues(form, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setNotice({ title: '', message: FORM_MESSAGES.invalid });
      return;
    }
    setNotice(null);
    setSaving(true);
    const failed = await props.onSubmit(values);
    if (failed === null) return; // the owner closes the lightbox
    setSaving(false);
    setNotice(failed);
  }

  return (
    <Dialog
      label={form.name}
      opener={props.opener}
      onClose={props.onClose}
      className="additional-fields-lightbox"
    >
      <form className="sqs-form additional-fields-form" noValidate onSubmit={submit}>
        <h2>{form.name}</h2>
        {notice !== null && (
          <p className="form-error" role="alert">
            {notice.title !== '' && <strong>{notice.title} </strong>}
            {notice.message}
          </p>
        )}
        {form.fields.map((field) => (
          <Field
            key={field.id}
            field={field}
            id={`${prefix}-${field.id}`}
            value={values[field.id] ?? emptyValue(field)}
            error={errors[field.id]}
            onChange={(value) => set(field.id, value)}
          />
        ))}
        {props.invalidBelow && Object.keys(errors).length > 0 && (
          <p className="form-error">{props.invalidBelow}</p>
        )}
        <button type="submit" className="button" aria-disabled={saving || undefined}>
          {saving ? SAVING_LABEL : props.submitLabel}
        </button>
      </form>
    </Dialog>
  );
}

interface FieldProps {
  field: FormField;
  id: string;
  value: FieldValue;
  error: string | undefined;
  onChange(value: FieldValue): void;
}

const TEXT_TYPES: Record<string, string> = {
  email: 'email',
  number: 'number',
  website: 'url',
  password: 'password',
  phone: 'tel',
};

/** One field: its message above its title, the title (with the required mark), the control. */
function Field({ field, id, value, error, onChange }: FieldProps): ReactNode {
  if (field.type === 'hidden') return null;
  if (field.type === 'section') return <h3 className="form-section">{field.title}</h3>;
  const errorId = `${id}-error`;
  const title = (
    <>
      {field.title}
      {field.required && <span aria-hidden="true"> *</span>}
    </>
  );
  const described = {
    'aria-invalid': error !== undefined || undefined,
    'aria-describedby': error !== undefined ? errorId : undefined,
    'aria-required': field.required || undefined,
  };
  const message = error !== undefined && (
    <p className="field-error" id={errorId}>
      {error}
    </p>
  );
  const description = field.description !== undefined && (
    <p className="description">{field.description}</p>
  );
  if (field.type === 'radio' || field.type === 'checkbox' || field.type === 'likert') {
    return (
      <fieldset className={`form-item ${field.type}`} {...described}>
        {message}
        <legend>{title}</legend>
        {description}
        {field.type === 'likert'
          ? field.options.map((question, q) => (
              <fieldset className="likert-question" key={question}>
                <legend>{question}</legend>
                {LIKERT_LABELS.map(([answer, label]) => (
                  <label key={answer}>
                    <input
                      type="radio"
                      name={`${id}-${q}`}
                      value={answer}
                      checked={(value as Record<string, string>)[question] === answer}
                      onChange={() => onChange({ ...(value as object), [question]: answer })}
                    />{' '}
                    {label}
                  </label>
                ))}
              </fieldset>
            ))
          : field.options.map((option) => {
              const list = Array.isArray(value) ? value : [];
              const checked = field.type === 'radio' ? value === option : list.includes(option);
              const toggle = () =>
                onChange(
                  field.type === 'radio'
                    ? option
                    : checked
                      ? list.filter((v) => v !== option)
                      : [...list, option],
                );
              return (
                <label key={option} className="option">
                  <input
                    type={field.type === 'radio' ? 'radio' : 'checkbox'}
                    name={id}
                    value={option}
                    checked={checked}
                    onChange={toggle}
                  />{' '}
                  {option}
                </label>
              );
            })}
      </fieldset>
    );
  }
  const current = typeof value === 'string' ? value : '';
  const common = { id, name: field.id, value: current, ...described };
  let control: ReactNode;
  if (field.type === 'select') {
    control = (
      <select {...common} onChange={(e) => onChange(e.target.value)}>
        <option value="">{field.placeholder ?? SELECT_PROMPT}</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.type === 'textarea') {
    const over = field.maxLength !== undefined && current.length > field.maxLength;
    control = (
      <>
        <textarea
          {...common}
          placeholder={field.placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
        {field.maxLength !== undefined && (
          <p className={over ? 'form-counter over' : 'form-counter'}>
            {current.length} / {field.maxLength}
          </p>
        )}
      </>
    );
  } else {
    control = (
      <input
        {...common}
        type={TEXT_TYPES[field.type] ?? 'text'}
        placeholder={field.placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className={`form-item field ${field.type}`}>
      {message}
      <label htmlFor={id}>{title}</label>
      {description}
      {control}
    </div>
  );
}
