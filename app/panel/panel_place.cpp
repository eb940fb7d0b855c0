// SPDX-License-Identifier: MIT
#include "panel/panel_place.hpp"

#include <imgui_internal.h>

#include <algorithm>

#include "panel/panel_parts.hpp"

namespace galaxy::app {

namespace {

// The widest a docked strip gets: half the view (never below the narrowest).
float widest(const ImVec2& display) { return std::max(display.x * 0.5f, kPanelNarrowest); }

// Whether the panel scrolled in the last frame (its scroll bar showed).
bool scrolled() {
  const ImGuiWindow* w = ImGui::FindWindowByName("Galaxy");
  return w && w->ScrollbarY;
}

ImGuiWindowFlags place_docked(Look& look, float keys, const ImVec2& display) {
  const float height = std::max(display.y - keys - 4.0f, 100.0f);
  const float most = widest(display);
  look.panel_width = std::clamp(look.panel_width, kPanelNarrowest, most);
  ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f), ImGuiCond_Always);
  // Its width is the user's: the edge or corner dragged this frame changes it after this, and
  // panel_title_buttons keeps what the drag made.
  ImGui::SetNextWindowSize(ImVec2(look.panel_width, height), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(kPanelNarrowest, height), ImVec2(most, height));
  ImGui::SetNextWindowBgAlpha(1.0f);  // the strip is the panel's: nothing of the view behind it
  // The scroll bar's room is always kept: rows never move sideways when it comes and goes.
  return ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
         ImGuiWindowFlags_AlwaysVerticalScrollbar;
}

ImGuiWindowFlags place_floating(Look& look, float keys, const ImVec2& display) {
  // While it scrolls it is wider by the scroll bar, so its rows keep their width and place when
  // the bar comes and goes (an open section past the view's height).
  const float width = kPanelWidth - 10.0f + (scrolled() ? kPanelScrollbar : 0.0f);
  const float room = std::max(display.y - 10.0f - keys - 4.0f, 100.0f);
  // Back at the corner when it leaves the dock; where the user moved it after that.
  ImGui::SetNextWindowPos(ImVec2(10, 10), look.panel_placed ? ImGuiCond_FirstUseEver
                                                            : ImGuiCond_Always);
  look.panel_placed = true;
  // As tall as what is open, at most down to the key help (then it scrolls). The first frame
  // gets a size of its own: an auto-fitted window stays hidden on its first frame, which would
  // leave the panel out of a one-frame headless render.
  ImGui::SetNextWindowSize(ImVec2(width, std::min(room, 470.0f)), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, room));
  ImGui::SetNextWindowBgAlpha(0.75f);
  return ImGuiWindowFlags_AlwaysAutoResize;
}

// A button in the title bar, right of `x` (which moves left past it), `label`'s text wide.
bool title_button(const ImRect& bar, float& x, const char* label) {
  const ImGuiStyle& style = ImGui::GetStyle();
  x -= ImGui::CalcTextSize(label, nullptr, true).x + 2.0f * style.FramePadding.x;
  ImGui::SetCursorScreenPos(ImVec2(x, bar.Min.y + 0.5f * (bar.GetHeight() - ImGui::GetFontSize())));
  x -= style.ItemInnerSpacing.x;
  return ImGui::SmallButton(label);
}

}  // namespace

ImGuiWindowFlags place_panel(Look& look, float keys) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  return look.panel_docked ? place_docked(look, keys, display)
                           : place_floating(look, keys, display);
}

void panel_title_buttons(Look& look) {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (look.panel_docked) look.panel_width = window->Size.x;
  // The buttons go where the title bar is; the cursor, and what the panel's rows measure, are put
  // back after them, so the rows start and fit as without them.
  ImGuiWindowTempData& dc = window->DC;
  const ImVec2 cursor = dc.CursorPos, prev_line = dc.CursorPosPrevLine, most = dc.CursorMaxPos,
               ideal = dc.IdealMaxPos, line = dc.CurrLineSize, prev_size = dc.PrevLineSize;
  const ImRect bar = window->TitleBarRect();
  ImGui::PushClipRect(bar.Min, bar.Max, false);
  const float arrow = ImGui::GetFrameHeight();
  float x = bar.Max.x - ImGui::GetStyle().FramePadding.x - arrow;
  ImGui::SetCursorScreenPos(ImVec2(x, bar.Min.y + 0.5f * (bar.GetHeight() - arrow)));
  x -= ImGui::GetStyle().ItemInnerSpacing.x;
  if (ImGui::ArrowButton("##narrow", ImGuiDir_Left)) look.panel_collapsed = true;
  tip("fold the panel to a bar at the left (its arrow opens it again; h hides it)");
  if (title_button(bar, x, look.panel_docked ? "float###dock" : "dock###dock")) toggle_dock(look);
  tip(look.panel_docked ? "let the panel float over the view (d)"
                        : "dock the panel to a strip at the left that the view leaves free; "
                          "drag its edge to resize it (d)");
  if (title_button(bar, x, "design")) look.open_designer = true;
  tip("open the encounter designer (e)");
  ImGui::PopClipRect();
  dc.CursorPos = cursor;
  dc.CursorPosPrevLine = prev_line;
  dc.CursorMaxPos = most;
  dc.IdealMaxPos = ideal;
  dc.CurrLineSize = line;
  dc.PrevLineSize = prev_size;
}

void panel_bar(Look& look) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(kPanelBar, display.y), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(1.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(kPanelBar, 32.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(2.0f, 8.0f));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(4.0f, 2.0f));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar |
                                 ImGuiWindowFlags_NoFocusOnAppearing;
  ImGui::Begin("##panel bar", nullptr, flags);
  if (ImGui::ArrowButton("##open", ImGuiDir_Right)) look.panel_collapsed = false;
  tip("open the panel");
  ImGui::End();
  ImGui::PopStyleVar(3);
}

void toggle_dock(Look& look) {
  if (look.panel_docked && !look.panel_collapsed) {
    look.panel_docked = false;
    look.panel_placed = false;  // back to its corner
  } else {
    look.panel_docked = true;
    look.panel_collapsed = false;
  }
}

float view_left(const Look& look, bool panel_in_picture) {
  if (!look.show_panel || !panel_in_picture) return 0.0f;
  if (look.panel_collapsed) return kPanelBar;
  if (look.panel_docked) return look.panel_width;
  return look.three_view ? kPanelWidth + kPanelScrollbar : 0.0f;
}

float panel_right(const Look& look) {
  if (look.panel_collapsed) return kPanelBar + 10.0f;
  return look.panel_docked ? look.panel_width + 10.0f : kPanelWidth + kPanelScrollbar;
}

}  // namespace galaxy::app
