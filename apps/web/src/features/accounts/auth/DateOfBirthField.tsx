import { useId } from 'react';
import type { DateOfBirth } from '@rush/domain';
import { FieldError } from '../../../ui/Field.tsx';

export interface DobParts {
  month: string;
  day: string;
  year: string;
}

export const EMPTY_DOB: DobParts = { month: '', day: '', year: '' };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
const THIS_YEAR = new Date().getFullYear();
const YEARS = Array.from({ length: 101 }, (_, i) => THIS_YEAR - i);

/** The three selects as a date, or null until all three are chosen (the domain rule decides the rest). */
export function toDateOfBirth(parts: DobParts): DateOfBirth | null {
  if (!parts.month || !parts.day || !parts.year) return null;
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

interface DateOfBirthFieldProps {
  value: DobParts;
  onChange: (value: DobParts) => void;
  error: string | undefined;
  onFocus: () => void;
  onBlur: () => void;
}

/** SPEC 2: date of birth as month / day / year. */
export function DateOfBirthField({ value, onChange, error, onFocus, onBlur }: DateOfBirthFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    onFocus,
    onBlur,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <fieldset className="field dob">
      <legend>Date of birth</legend>
      <div className="dob-selects">
        <select
          aria-label="Month"
          value={value.month}
          onChange={(e) => onChange({ ...value, month: e.target.value })}
          {...common}
        >
          <option value="">Month</option>
          {MONTHS.map((name, i) => (
            <option key={name} value={String(i + 1)}>
              {name}
            </option>
          ))}
        </select>
        <select
          aria-label="Day"
          value={value.day}
          onChange={(e) => onChange({ ...value, day: e.target.value })}
          {...common}
        >
          <option value="">Day</option>
          {DAYS.map((d) => (
            <option key={d} value={String(d)}>
              {d}
            </option>
          ))}
        </select>
        <select
          aria-label="Year"
          value={value.year}
          onChange={(e) => onChange({ ...value, year: e.target.value })}
          {...common}
        >
          <option value="">Year</option>
          {YEARS.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
