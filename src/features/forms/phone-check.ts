// The browser's phone check: libphonenumber-js with its smallest metadata (about a third of the full set), which
// judges a number by its country's lengths and general pattern. It may let through a number the server then
// refuses (and names), never the other way round: tests/unit/forms.test.ts holds it to every number the full
// metadata accepts.
export { isValidPhoneNumber } from 'libphonenumber-js/min';
