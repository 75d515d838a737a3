// The trailer's query flag (spec §2), asked by the trailer island's first stage and by its
// interactive part. Where a video plays is the trailer's own (components/trailer/Trailer.tsx).

/** The query flag that plays the trailer on arrival (spec §2). */
export const playsOnArrival = (search: string) => new URLSearchParams(search).get("bandeannonce") === "true";
