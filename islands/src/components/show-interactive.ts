// The interactive parts of the show and event pages' own islands (wish list and emotions,
// trailer), as one module: no other page kind shows them, so the others do not pay for them.

export { mount as feelings } from "./feelings/feelings-ui";
export { mount as trailer } from "./trailer/trailer-ui";
