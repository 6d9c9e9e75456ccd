import { describe, expect, it } from "vitest";
import { colombianDeadline, deadlineText } from "./deadline";

describe("a payment deadline in Colombian time", () => {
  it("writes a gateway date as the date and hour in Bogotá", () => {
    expect(colombianDeadline("2026-12-01T11:05:00-05:00")).toEqual({
      date: "martes 1 de diciembre de 2026",
      time: "11:05 a. m.",
      ymd: "20261201",
    });
    expect(deadlineText("2026-12-01T11:05:00-05:00")).toBe(
      "martes 1 de diciembre de 2026, 11:05 a. m.",
    );
  });

  it("moves a UTC instant to the Colombian day: 02:30 UTC is the evening before", () => {
    expect(colombianDeadline("2026-12-01T02:30:00Z")).toEqual({
      date: "lunes 30 de noviembre de 2026",
      time: "9:30 p. m.",
      ymd: "20261130",
    });
  });

  it("writes noon and midnight as 12", () => {
    expect(colombianDeadline("2026-12-01T12:00:00-05:00")?.time).toBe("12:00 p. m.");
    expect(colombianDeadline("2026-12-01T00:00:00-05:00")?.time).toBe("12:00 a. m.");
  });

  it("is null for a missing or unreadable date", () => {
    expect(colombianDeadline(null)).toBeNull();
    expect(colombianDeadline("mañana")).toBeNull();
    expect(deadlineText(undefined)).toBeNull();
  });
});
