// The interactive part of a cinema page's information dialog: no other page kind shows it, so
// the show and event pages (the heaviest, README "Sizes") do not pay for it in interactive.ts.

export { mount as cinemaInfo } from "./cinema/cinema-info-ui";
