// Builds the kinds of date and number format the app uses, which loads the browser's locale and
// time-zone data for the whole page process (locale-data.ts), then says so.
const now = new Date();
new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(now);
new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(now);
new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(1.5);
postMessage('loaded');
