/** What the form shares with its fields through RJSF's formContext. */
export interface FormContext {
  /** Fields the visitor has left or changed: their errors show; others wait for submit. */
  touched: ReadonlySet<string>;
  submitted: boolean;
  sending: boolean;
  sendingLabel: string;
  /** Files chosen in file fields, by field id: they travel beside the JSON form data. */
  files: Map<string, File>;
}

/** Whether a field's errors should be shown now. */
export const showsErrors = (context: FormContext, id: string): boolean => context.submitted || context.touched.has(id);
