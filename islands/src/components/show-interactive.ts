// The interactive part of the show and event pages' trailer: no other page kind shows it, so
// the others do not pay for it (the feelings' part is in interactive.ts: README, "Two stages").

export { mount as trailer } from "./trailer/trailer-ui";
