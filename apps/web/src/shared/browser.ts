/**
 * Leaves the single-page app for another address with a full page load. One small module so
 * that tests can stand in for the navigation, which jsdom does not perform.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
