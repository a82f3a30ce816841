/**
 * What the site server answers a client, in one catalog: each message is written once, message
 * functions only fill in values, and tests match the exact words. What a visitor sees about a
 * form field is not here: it comes from the form's schema (its `errorMessage` entries, such as
 * "Name is required"). The lines the server prints are log-messages.ts; why the store cannot
 * open, store/store-start-messages.ts.
 */
export const apiMessages = {
  notJsonObject: 'The request body is not a JSON object.',
  notUnicode: 'The request holds text that is not well-formed Unicode (a lone surrogate, or bytes that are not UTF-8).',
  badMultipart: 'The multipart body cannot be read: it is malformed or ends before its closing boundary.',
  extraFile: (field: string) => `An application carries one file, the CV, in the field named "cv"; it also held a file in "${field}".`,
  tooManyParts: 'The application has more parts than its form has fields.',
  wrongMediaType: (expected: string) => `Send this form as ${expected}.`,
  enquiryTooLarge: (kb: number) => `An enquiry may be at most ${kb} KB.`,
  applicationTooLarge: 'An application may carry a CV of at most 5 MB.',
  crossSite: 'This form only accepts submissions from the site’s own pages.',
  tooMany: (seconds: number) => `Too many submissions from this address; please try again in ${seconds} seconds.`,
  storeBusy: (seconds: number) => `The server is busy and saved nothing; please try again in ${seconds} seconds.`,
  uploadsBusy: (seconds: number) =>
    `The server is receiving many applications at once and saved nothing; please try again in ${seconds} seconds.`,
  uploadsFromClient: (count: number, seconds: number) =>
    `This address is already sending ${count} applications; please wait until they are answered, or try again in ${seconds} seconds.`,
  bodyStalled: (seconds: number) =>
    `The request stopped arriving (nothing moved for ${seconds} seconds), and nothing was saved. Please send it again.`,
  shuttingDown: (seconds: number) => `The server is restarting and saved nothing; please try again in ${seconds} seconds.`,
  storeFailed: 'The server could not save this submission, and nothing was saved. Please try again later or write to us by email.',
  internal: 'Something went wrong on the server; nothing was saved. Please try again later.',
  methodNotAllowed: (allowed: string) => `This address answers ${allowed} only.`,
  badRequest: 'The request cannot be read.',
} as const;
