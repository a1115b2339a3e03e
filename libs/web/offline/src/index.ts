// The browser's offline side of a signed-in user's journal (issue 20): what is kept to read offline and what waits
// to be sent. Everything here is keyed by the user it belongs to, and cleared when that user signs out.
export {};
