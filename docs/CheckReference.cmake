# Fails when a page of docs/reference/ differs from the one mlir-tblgen
# generates from ODS (so the committed op reference never goes stale).
# -DGENERATED=<list of generated pages> -DCHECKED=<docs/reference>
set(stale "")
foreach(gen ${GENERATED})
  get_filename_component(name ${gen} NAME)
  if(NOT EXISTS ${gen})
    message(FATAL_ERROR "${gen} was not generated: build the default target")
  endif()
  if(NOT EXISTS ${CHECKED}/${name})
    list(APPEND stale "${name} (missing)")
    continue()
  endif()
  file(READ ${gen} a)
  file(READ ${CHECKED}/${name} b)
  if(NOT a STREQUAL b)
    list(APPEND stale ${name})
  endif()
endforeach()
if(stale)
  message(FATAL_ERROR "docs/reference is stale: ${stale}; run "
                      "`ninja -C build cute-docs` and commit the result")
endif()
message(STATUS "docs/reference matches ODS")
