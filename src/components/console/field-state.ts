import { useState, type ChangeEvent } from 'react';

type TextControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The keys of a draft row that hold text (what a field edits). */
type TextKey<Row> = { [Key in keyof Row]: Row[Key] extends string ? Key : never }[keyof Row];

/** A controlled field's `value` and `onChange`, to spread onto it, from a value and its setter. */
export function bindText<Value extends string>(value: Value, setValue: (value: Value) => void) {
  // A select's options are the only values it can give, so the cast holds for the fields we bind.
  return { value, onChange: (event: ChangeEvent<TextControl>) => setValue(event.target.value as Value) };
}

/** One text field's state: `value` and `setValue` for the form's logic, `bind` to spread onto the field. */
export function useTextState<Value extends string = string>(initial: Value | (() => Value)) {
  const [value, setValue] = useState<Value>(initial);
  return { value, setValue, bind: bindText(value, setValue) };
}

/**
 * The rows of a form's list (a quote's lines, its milestones): add one, remove one, and `bind`
 * one row's text key to a field (`{...lines.bind(index, 'rate')}`).
 */
export function useDraftRows<Row extends object>(initial: Row[] | (() => Row[])) {
  const [rows, setRows] = useState<Row[]>(initial);
  const change = (index: number, patch: Partial<Row>) =>
    setRows((previous) => previous.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return {
    rows,
    setRows,
    add: (row: Row) => setRows((previous) => [...previous, { ...row }]),
    remove: (index: number) => setRows((previous) => previous.filter((_, at) => at !== index)),
    bind: <Key extends TextKey<Row>>(index: number, key: Key) =>
      bindText(rows[index]![key] as Row[Key] & string, (value) => change(index, { [key]: value } as Partial<Row>)),
  };
}
