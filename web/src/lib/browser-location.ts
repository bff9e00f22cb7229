/** Leaves the app for another page (the payment provider's hosted checkout). A module of its own so tests can replace it. */
export function leaveAppFor(url: string): void {
  window.location.assign(url);
}
