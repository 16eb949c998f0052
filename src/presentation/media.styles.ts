import { css } from "lit";

/** The look of media views (a message's attachments, the media modal, an expansion), in the transcript's first draw. */
export const mediaStyles = css`
  .t3-media-unavailable {
    color: var(--_muted);
    font-style: italic;
  }
  .t3-media {
    display: block;
    max-width: 100%;
    max-height: 100%;
    object-fit: contain;
  }
`;
