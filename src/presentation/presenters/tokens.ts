import type { MentionContextRecord, SkillContextRecord } from "../../contract/types.js";
import { maskIcon } from "../chip-dom.js";
import type { ChipPresenter } from "../types.js";

/** A file mention: the path. */
export const mentionPresenter: ChipPresenter<MentionContextRecord> = {
  label: (record) => record.path,
  icon: () => maskIcon("mention"),
  details: "none",
  expanded: "none",
};

/** A skill: its name, with `$name` as the tooltip. */
export const skillPresenter: ChipPresenter<SkillContextRecord> = {
  label: (record) => record.label.trim() || record.name,
  icon: () => maskIcon("skill"),
  tooltip: (record) => `$${record.name}`,
  details: "tooltip",
  expanded: "none",
};
