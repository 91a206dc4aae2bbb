/**
 * Whether the page holds typed work not yet kept (the results' edits, set by their LeaveGuard): a
 * move away asks first through the router's blocker, and Sign Out, which leaves without a move
 * the blocker sees, asks here.
 */
let unkept = false;

export function markUnkeptWork(value: boolean) {
  unkept = value;
}

export function hasUnkeptWork(): boolean {
  return unkept;
}
